import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { slugify } from '@forkcast/shared/slugs';
import { migrateToLatest } from '../db.ts';
import { getPostById } from '../repositories/posts.ts';
import { listUsers, nameFromEmail } from '../repositories/users.ts';
import { loadState } from '../revisions/entities.ts';
import { listRevisions, listTrash } from '../revisions/store.ts';
import { createTempDb, type TempDb } from '../testing.ts';
import { migrationProvider } from './index.ts';

const AT = '2025-01-01T00:00:00.000Z';

describe('migration 0017: users and roles', () => {
  let handle: TempDb;
  afterEach(() => handle.cleanup());

  /** A database as the release before left it: admins, a post with a revision, a trashed post, changes by email. */
  async function before0017(emails: string[]): Promise<TempDb> {
    handle = await createTempDb({ migrate: false });
    const migrated = await new Migrator({ db: handle.db, provider: migrationProvider }).migrateTo('0016-bucket-queue');
    expect(migrated.error).toBeUndefined();
    const db = handle.db;
    for (const email of emails)
      await sql`insert into admin_users (email, password_hash, created_at, updated_at) values (${email}, 'hash', ${AT}, ${AT})`.execute(db);
    await sql`insert into posts (id, slug, title, content, type, created_at, updated_at) values (7, 'kept', 'Kept', 'Café.', 'post', ${AT}, ${AT})`.execute(
      db,
    );
    await sql`insert into changes (id, created_at, actor, action) values (1, ${AT}, ${emails[1] ?? null}, 'edit')`.execute(db);
    const post = (id: number, title: string) => ({
      id,
      slug: title.toLowerCase(),
      title,
      excerpt: '',
      content: 'Café.',
      heroImage: null,
      heroAlt: '',
      type: 'post',
      cityId: null,
      tags: '[]',
      published: 0,
      publishedAt: null,
      publishAt: null,
      createdAt: AT,
      updatedAt: AT,
    });
    const kept = await db.selectFrom('posts').selectAll().where('id', '=', 7).executeTakeFirstOrThrow();
    const state = JSON.stringify({ post: kept, blocks: [], items: [] });
    await sql`insert into revisions (change_id, entity, entity_id, kind, summary, title, state, created_at)
      values (1, 'post', 7, 'created', 'Created', 'Kept', ${state}, ${AT})`.execute(db);
    const gone = JSON.stringify({ post: post(8, 'Gone'), blocks: [], items: [] });
    await sql`insert into trash (kind, entity_id, title, snapshot, deleted_at, deleted_by, change_id)
      values ('post', 8, 'Gone', ${gone}, ${AT}, ${emails[1] ?? null}, 1)`.execute(db);
    return handle;
  }

  it('makes the first admin the owner and the others administrators, named and slugged after their address', async () => {
    const { db } = await before0017(['jane.doe@forkcast.test', 'Jane_Doe+news@example.com', 'editor@forkcast.test']);
    await migrateToLatest(db);
    const users = await listUsers(db);
    expect(users.map(({ id, email, name, slug, role }) => ({ id, email, name, slug, role }))).toEqual([
      { id: 1, email: 'jane.doe@forkcast.test', name: 'Jane Doe', slug: 'jane-doe', role: 'owner' },
      { id: 3, email: 'editor@forkcast.test', name: 'Editor', slug: 'editor', role: 'administrator' },
      { id: 2, email: 'Jane_Doe+news@example.com', name: 'Jane Doe', slug: 'jane-doe-2', role: 'administrator' },
    ]);
    // The names and slugs are what the repository would give the same people today.
    for (const user of users) {
      expect(user.name).toBe(nameFromEmail(user.email));
      expect(user.slug.replace(/-2$/, '')).toBe(slugify(user.name));
    }
    expect((await db.selectFrom('ownership').selectAll().execute()).map((row) => row.userId)).toEqual([1]);
  });

  it("gives existing posts, and the post states history and the trash keep, the owner; names each change's user", async () => {
    const { db } = await before0017(['owner@forkcast.test', 'admin@forkcast.test']);
    await migrateToLatest(db);
    expect((await getPostById(db, 7))?.authorIds).toEqual([1]);
    // The stored state is the current one, so undo and history see no change behind the editor's back.
    const [revision] = await listRevisions(db, { entity: 'post', id: 7 });
    const stored = await db.selectFrom('revisions').select('state').where('id', '=', revision!.id).executeTakeFirstOrThrow();
    expect(stored.state).toBe(JSON.stringify(await loadState(db, { entity: 'post', id: 7 })));
    const snapshot = await db.selectFrom('trash').select('snapshot').where('entityId', '=', 8).executeTakeFirstOrThrow();
    expect(JSON.parse(snapshot.snapshot)).toMatchObject({ post: { title: 'Gone', content: 'Café.' }, authorIds: [1] });
    expect(await db.selectFrom('changes').select(['actor', 'userId']).execute()).toEqual([{ actor: 'admin@forkcast.test', userId: 2 }]);
    // The trash names who deleted it by the user its change now records.
    expect((await listTrash(db)).map((entry) => entry.deletedBy)).toEqual(['Admin']);
  });

  it('leaves a database without admins to the first user, who is its owner', async () => {
    const { db } = await before0017([]);
    await migrateToLatest(db);
    expect(await listUsers(db)).toEqual([]);
    expect((await getPostById(db, 7))?.authorIds).toEqual([]);
    expect(await db.selectFrom('ownership').selectAll().execute()).toEqual([]);
  });

  it('keeps the sessions of the admins, now users', async () => {
    const { db } = await before0017(['owner@forkcast.test']);
    await sql`insert into sessions (id_hash, user_id, created_at, last_seen_at, expires_at) values ('s', 1, ${AT}, ${AT}, ${AT})`.execute(
      db,
    );
    await migrateToLatest(db);
    expect(await db.selectFrom('sessions').select('userId').execute()).toEqual([{ userId: 1 }]);
    await sql`insert into users (email, password_hash, name, slug, role, created_at, updated_at)
      values ('b@forkcast.test', 'h', 'B', 'b', 'editor', ${AT}, ${AT})`.execute(db);
    await sql`insert into sessions (id_hash, user_id, created_at, last_seen_at, expires_at) values ('t', 2, ${AT}, ${AT}, ${AT})`.execute(
      db,
    );
    await db.deleteFrom('users').where('id', '=', 2).execute();
    expect(await db.selectFrom('sessions').select('idHash').execute()).toEqual([{ idHash: 's' }]);
  });
});
