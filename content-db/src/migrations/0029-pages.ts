import { sql, type Kysely } from 'kysely';

// The search documents' kinds before and after: pages join the site search.
const KINDS_BEFORE = ['post', 'guide', 'restaurant', 'author'];
const KINDS_AFTER = [...KINDS_BEFORE, 'page'];

/**
 * search_documents made again with another CHECK on its kind (SQLite cannot change one in place),
 * as migration 0022 did: a new table beside the old, its rows copied with their ids (the FTS5
 * index and search_facets are keyed by them), the old one dropped with its triggers, the new one
 * renamed, its indexes and triggers made again.
 */
async function replaceDocumentsTable(db: Kysely<unknown>, kinds: readonly string[]): Promise<void> {
  const kindList = sql.join(kinds.map((kind) => sql.lit(kind)));
  await db.schema
    .createTable('search_documents_next')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${kindList})`))
    .addColumn('post_id', 'integer')
    .addColumn('city_id', 'integer')
    .addColumn('city_slug', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  const columns = sql.raw('id, kind, post_id, city_id, city_slug, city, date, url, title, excerpt, body');
  await sql`insert into search_documents_next (${columns}) select ${columns} from search_documents where kind in (${kindList})`.execute(db);
  await sql`delete from search_index where rowid not in (select id from search_documents_next)`.execute(db);
  await sql`delete from search_facets where id not in (select id from search_documents_next)`.execute(db);
  await db.schema.dropTable('search_documents').execute();
  await sql`alter table search_documents_next rename to search_documents`.execute(db);
  await db.schema.createIndex('search_documents_post').on('search_documents').column('post_id').execute();
  await db.schema.createIndex('search_documents_city').on('search_documents').columns(['city_id', 'kind']).execute();
  await sql`create trigger search_documents_insert after insert on search_documents begin
    insert into search_index (rowid, title, excerpt, body, city) values (new.id, new.title, new.excerpt, new.body, new.city);
  end`.execute(db);
  await sql`create trigger search_documents_delete after delete on search_documents begin
    insert into search_index (search_index, rowid, title, excerpt, body, city) values ('delete', old.id, old.title, old.excerpt, old.body, old.city);
  end`.execute(db);
  await sql`create trigger search_documents_update after update on search_documents begin
    insert into search_index (search_index, rowid, title, excerpt, body, city) values ('delete', old.id, old.title, old.excerpt, old.body, old.city);
    insert into search_index (rowid, title, excerpt, body, city) values (new.id, new.title, new.excerpt, new.body, new.city);
  end`.execute(db);
  await sql`create trigger search_facets_insert after insert on search_documents begin
    insert into search_facets (id, kind, city_slug, city, date) values (new.id, new.kind, new.city_slug, new.city, new.date);
  end`.execute(db);
  await sql`create trigger search_facets_delete after delete on search_documents begin
    delete from search_facets where id = old.id;
  end`.execute(db);
  await sql`create trigger search_facets_update after update on search_documents begin
    delete from search_facets where id = old.id;
    insert into search_facets (id, kind, city_slug, city, date) values (new.id, new.kind, new.city_slug, new.city, new.date);
  end`.execute(db);
}

/**
 * Pages an editor writes (issue 42): a title, a slug the page lives at (`/{slug}`), Markdown
 * content, draft or published, and whether the footer links it. Named `site_pages` because
 * `pages` is the publisher's record of rendered routes. `version` moves with every write, so a
 * write made to an older version is refused (If-Match). Published pages join the site search as
 * documents of kind 'page' (the document rules' version is raised with this, so every database adds
 * their rows at its next start).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_pages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft').check(sql`status in ('draft', 'published')`))
    .addColumn('in_footer', 'integer', (c) => c.notNull().defaultTo(0).check(sql`in_footer in (0, 1)`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .execute();
  await replaceDocumentsTable(db, KINDS_AFTER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceDocumentsTable(db, KINDS_BEFORE);
  await db.schema.dropTable('site_pages').execute();
}
