import { sql, type Kysely } from 'kysely';

/**
 * Authors join the site search: a search document may be of kind 'author' (an author page). SQLite
 * cannot change a column's CHECK in place, so search_documents is made again beside the old one,
 * its rows copied with their ids (the FTS5 index and search_facets are keyed by them, so both stay
 * as they are), the old table dropped (which drops its triggers) and the new one renamed; then its
 * indexes and the triggers of migrations 0009 and 0021 are made again. The document rules' version
 * (search/documents.ts) is raised with this change, so every database adds its author rows at its
 * next start.
 */

async function documentsTable(db: Kysely<unknown>, name: string, kinds: readonly string[]): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))})`))
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
}

const COLUMNS = sql.raw('id, kind, post_id, city_id, city_slug, city, date, url, title, excerpt, body');

async function replaceDocumentsTable(db: Kysely<unknown>, kinds: readonly string[]): Promise<void> {
  await documentsTable(db, 'search_documents_next', kinds);
  await sql`insert into search_documents_next (${COLUMNS}) select ${COLUMNS} from search_documents where kind in (${sql.join(
    kinds.map((kind) => sql.lit(kind)),
  )})`.execute(db);
  // Rows of a kind the new table does not take (an 'author' going back down) leave the index too.
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

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceDocumentsTable(db, ['post', 'guide', 'restaurant', 'author']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceDocumentsTable(db, ['post', 'guide', 'restaurant']);
}
