import { sql, type Kysely } from 'kysely';

/**
 * The newsroom. The admin accounts become users with a name, a unique slug, a bio, an avatar and a
 * role (owner, administrator, editor, author, contributor): the first admin becomes the owner, any
 * others administrators, each named after the address's local part. Exactly one owner is kept by
 * the database itself: the `ownership` row names them, the triggers refuse a second owner, the
 * owner's deletion or demotion, and a first user who is not the owner, and moving the row (a
 * transfer) demotes the old owner to administrator and promotes the new one in that statement.
 *
 * Posts get their authors in order (`post_authors`, the first is the primary author); existing
 * posts, and the post states history and the trash keep, get the owner. Changes and outbox entries
 * record the user behind them by id, publishes the users whose changes they published.
 */

const ROLES = "('owner', 'administrator', 'editor', 'author', 'contributor')";

// Frozen here, as a migration must be: an address's local part is ASCII (the one address rule), and
// for ASCII these give what @forkcast/shared/slugs gives a name today (users.test.ts holds them to it).
function nameFromEmail(email: string): string {
  const local = email.split('@')[0]!.split('+')[0]!;
  const words = local.split(/[._]+/).filter(Boolean);
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
  return name || local || email;
}

function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

function freeSlug(base: string, taken: Set<string>): string {
  const root = base || 'author';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? root : `${root}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Adds `authorIds` to a stored post state (a revision's or a trashed post's), after its other fields. */
function withAuthors(state: string, authorIds: number[]): string {
  return JSON.stringify({ ...(JSON.parse(state) as object), authorIds });
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admin_users').renameTo('users').execute();
  await db.schema
    .alterTable('users')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('slug', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('avatar', 'text').execute();
  // A user holds no more than a contributor's rights unless given a role.
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('contributor')
        .check(sql.raw(`role in ${ROLES}`)),
    )
    .execute();

  const { rows: admins } = await sql<{ id: number; email: string }>`select id, email from users order by id`.execute(db);
  const taken = new Set<string>();
  for (const [index, admin] of admins.entries()) {
    const name = nameFromEmail(admin.email);
    const slug = freeSlug(slugFromName(name), taken);
    taken.add(slug);
    const role = index === 0 ? 'owner' : 'administrator';
    await sql`update users set name = ${name}, slug = ${slug}, role = ${role} where id = ${admin.id}`.execute(db);
  }
  await db.schema.createIndex('users_slug').unique().on('users').column('slug').execute();
  await sql`create unique index users_one_owner on users (role) where role = 'owner'`.execute(db);

  await db.schema
    .createTable('ownership')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .execute();
  const owner = admins[0]?.id;
  if (owner !== undefined) await sql`insert into ownership (id, user_id) values (1, ${owner})`.execute(db);

  await sql`create trigger users_owner_insert before insert on users when new.role = 'owner' and exists (select 1 from ownership)
    begin select raise(abort, 'There is an owner already: ownership is transferred, never shared.'); end`.execute(db);
  await sql`create trigger users_owner_inserted after insert on users when new.role = 'owner'
    begin insert into ownership (id, user_id) values (1, new.id); end`.execute(db);
  await sql`create trigger users_first_owner before insert on users when new.role <> 'owner' and not exists (select 1 from ownership)
    begin select raise(abort, 'The first user is the owner.'); end`.execute(db);
  await sql`create trigger users_owner_role before update of role on users
    when (new.role = 'owner') is not (exists (select 1 from ownership where user_id = new.id))
    begin select raise(abort, 'Only a transfer of ownership makes or unmakes the owner.'); end`.execute(db);
  await sql`create trigger users_owner_delete before delete on users when old.role = 'owner'
    begin select raise(abort, 'The owner cannot be deleted: transfer ownership first.'); end`.execute(db);
  await sql`create trigger ownership_kept before delete on ownership
    begin select raise(abort, 'There is always an owner: transfer ownership instead.'); end`.execute(db);
  await sql`create trigger ownership_transfer after update of user_id on ownership
    begin
      update users set role = 'administrator' where id = old.user_id and old.user_id <> new.user_id;
      update users set role = 'owner' where id = new.user_id;
    end`.execute(db);

  // A user who wrote something cannot be deleted without handing their posts to someone (reassign first).
  await db.schema
    .createTable('post_authors')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_authors_pk', ['post_id', 'position'])
    .addUniqueConstraint('post_authors_once', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('post_authors_user').on('post_authors').columns(['user_id', 'post_id']).execute();
  const authorIds = owner === undefined ? [] : [owner];
  if (owner !== undefined) await sql`insert into post_authors (post_id, user_id, position) select id, ${owner}, 0 from posts`.execute(db);

  // Undo and history compare stored states with the current one: they gain the authors too.
  const { rows: revisions } = await sql<{ id: number; state: string }>`
    select id, state from revisions where entity = 'post' and state is not null`.execute(db);
  for (const revision of revisions)
    await sql`update revisions set state = ${withAuthors(revision.state, authorIds)} where id = ${revision.id}`.execute(db);
  const { rows: trashed } = await sql<{ id: number; snapshot: string }>`select id, snapshot from trash where kind = 'post'`.execute(db);
  for (const entry of trashed)
    await sql`update trash set snapshot = ${withAuthors(entry.snapshot, authorIds)} where id = ${entry.id}`.execute(db);

  // No foreign key: history keeps naming a change's user by id after the user is gone (then by `actor`).
  await db.schema.alterTable('changes').addColumn('user_id', 'integer').execute();
  await sql`update changes set user_id = (select id from users where users.email = changes.actor) where actor is not null`.execute(db);
  await db.schema.alterTable('outbox').addColumn('user_id', 'integer').execute();
  await db.schema
    .alterTable('publish_log')
    .addColumn('user_ids', 'text', (c) => c.notNull().defaultTo('[]').check(sql`json_valid(user_ids)`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('publish_log').dropColumn('user_ids').execute();
  await db.schema.alterTable('outbox').dropColumn('user_id').execute();
  await db.schema.alterTable('changes').dropColumn('user_id').execute();
  await db.schema.dropTable('post_authors').execute();
  for (const trigger of [
    'ownership_transfer',
    'ownership_kept',
    'users_owner_delete',
    'users_owner_role',
    'users_first_owner',
    'users_owner_inserted',
    'users_owner_insert',
  ])
    await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
  await db.schema.dropTable('ownership').execute();
  await db.schema.dropIndex('users_one_owner').execute();
  await db.schema.dropIndex('users_slug').execute();
  for (const column of ['role', 'avatar', 'bio', 'slug', 'name']) await db.schema.alterTable('users').dropColumn(column).execute();
  await db.schema.alterTable('users').renameTo('admin_users').execute();
}
