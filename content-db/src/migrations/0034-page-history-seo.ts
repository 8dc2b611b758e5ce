import { sql, type Kysely } from 'kysely';

const ENTITIES_BEFORE = ['post', 'city', 'hero'];
const ENTITIES_AFTER = [...ENTITIES_BEFORE, 'page'];
const TRASH_KINDS_BEFORE = ['post', 'city', 'block', 'item', 'subscriber'];
const TRASH_KINDS_AFTER = [...TRASH_KINDS_BEFORE, 'page'];
const SEO_TEXTS = ['meta_title', 'meta_description', 'og_image', 'canonical_url'] as const;

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));

/** revisions made again with another CHECK on its entity (SQLite cannot change one in place), its rows and ids kept. */
async function replaceRevisions(db: Kysely<unknown>, entities: readonly string[]): Promise<void> {
  await db.schema
    .createTable('revisions_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('change_id', 'integer', (c) => c.notNull().references('changes.id').onDelete('cascade'))
    .addColumn('entity', 'text', (c) => c.notNull().check(sql`entity in (${list(entities)})`))
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.check(sql`state is null or json_valid(state)`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const columns = sql.raw('id, change_id, entity, entity_id, kind, summary, title, state, created_at');
  await sql`insert into revisions_next (${columns}) select ${columns} from revisions where entity in (${list(entities)})`.execute(db);
  await db.schema.dropTable('revisions').execute();
  await sql`alter table revisions_next rename to revisions`.execute(db);
  await db.schema.createIndex('revisions_entity').on('revisions').columns(['entity', 'entity_id', 'id']).execute();
  await db.schema.createIndex('revisions_change').on('revisions').column('change_id').execute();
}

/** trash made again the same way, with another CHECK on its kind. */
async function replaceTrash(db: Kysely<unknown>, kinds: readonly string[]): Promise<void> {
  await db.schema
    .createTable('trash_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${list(kinds)})`))
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull().check(sql`json_valid(snapshot)`))
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .addColumn('deleted_by', 'text')
    .addColumn('change_id', 'integer', (c) => c.references('changes.id').onDelete('set null'))
    .execute();
  const columns = sql.raw('id, kind, entity_id, title, snapshot, deleted_at, deleted_by, change_id');
  await sql`insert into trash_next (${columns}) select ${columns} from trash where kind in (${list(kinds)})`.execute(db);
  await db.schema.dropTable('trash').execute();
  await sql`alter table trash_next rename to trash`.execute(db);
  await db.schema.createIndex('trash_entity').unique().on('trash').columns(['kind', 'entity_id']).execute();
  await db.schema.createIndex('trash_deleted_at').on('trash').column('deleted_at').execute();
  await db.schema.createIndex('trash_change').on('trash').column('change_id').execute();
}

/**
 * Pages join history and the trash (issue 42): revisions may be of a `page`, and a deleted page
 * waits in the trash. Pages get the search and social fields posts have (migration 0030): four
 * texts, null for the page's default, and `noindex`. No page state was stored before, so no stored
 * state needs the new columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of SEO_TEXTS) await db.schema.alterTable('site_pages').addColumn(column, 'text').execute();
  await db.schema
    .alterTable('site_pages')
    .addColumn('noindex', 'integer', (c) => c.notNull().defaultTo(0).check(sql`noindex in (0, 1)`))
    .execute();
  await replaceRevisions(db, ENTITIES_AFTER);
  await replaceTrash(db, TRASH_KINDS_AFTER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceTrash(db, TRASH_KINDS_BEFORE);
  await replaceRevisions(db, ENTITIES_BEFORE);
  for (const column of [...SEO_TEXTS, 'noindex']) await db.schema.alterTable('site_pages').dropColumn(column).execute();
}
