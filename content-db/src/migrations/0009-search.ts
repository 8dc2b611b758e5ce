import { sql, type Kysely } from 'kysely';

/**
 * Site search: one row per thing a reader can find (a published post or guide, a restaurant of a
 * city's published guide) and an FTS5 index over its text, kept equal to those rows by triggers.
 * The porter stemmer over unicode61 with diacritics removed makes 'noodles' find 'noodle' and
 * 'ichijoji' find 'Ichijōji'. The rows are filled by the application (it knows what a page shows),
 * which rebuilds them when the state row is missing or names another version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_documents')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('post', 'guide', 'restaurant')`))
    .addColumn('post_id', 'integer')
    .addColumn('city_id', 'integer')
    .addColumn('city_slug', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    // Last: a long body spills onto overflow pages, which reading the columns before it never visits.
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_documents_post').on('search_documents').column('post_id').execute();
  await db.schema.createIndex('search_documents_city').on('search_documents').columns(['city_id', 'kind']).execute();
  await sql`create virtual table search_index using fts5(
    title, excerpt, body, city,
    content = 'search_documents', content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
  )`.execute(db);
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
  // The index's own word list, for suggesting a spelling when a query finds nothing.
  await sql`create virtual table search_terms using fts5vocab(search_index, 'row')`.execute(db);
  await db.schema
    .createTable('search_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('built_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_state').execute();
  await sql`drop table search_terms`.execute(db);
  await sql`drop table search_index`.execute(db);
  await db.schema.dropTable('search_documents').execute();
}
