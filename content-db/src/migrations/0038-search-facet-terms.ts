import { sql, type Kysely } from 'kysely';

/**
 * The search index also holds each row's kind and city as words of a fifth column, `facets`
 * ('0kpost 0c12': a digit first, so no word a reader types is one, and the query names the column).
 * A filter by type or city is then a term FTS5 intersects with the query's own, which finds the 27
 * restaurants among 14,000 matches of a word without looking up every match's row, and lets each
 * filter value be counted up to a bound. The index reads its text through a view that adds the
 * column, so search_documents keeps its columns; the triggers of migrations 0009 and 0022 are made
 * again for five columns, secure-delete (0027) is set again and the index is rebuilt from the rows.
 */
const FACETS = (row: 'new.' | 'old.' | '') => sql.raw(`'0k' || ${row}kind || coalesce(' 0c' || ${row}city_id, '')`);

async function dropIndex(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger search_documents_${event}`).execute(db);
  await sql`drop table search_terms`.execute(db);
  await sql`drop table search_index`.execute(db);
}

async function finishIndex(db: Kysely<unknown>): Promise<void> {
  await sql`insert into search_index (search_index, rank) values ('secure-delete', 1)`.execute(db);
  await sql`insert into search_index (search_index) values ('rebuild')`.execute(db);
  await sql`create virtual table search_terms using fts5vocab(search_index, 'row')`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropIndex(db);
  await sql`create view search_index_source as
    select id, title, excerpt, body, city, ${FACETS('')} as facets from search_documents`.execute(db);
  await sql`create virtual table search_index using fts5(
    title, excerpt, body, city, facets,
    content = 'search_index_source', content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger search_documents_insert after insert on search_documents begin
    insert into search_index (rowid, title, excerpt, body, city, facets) values (new.id, new.title, new.excerpt, new.body, new.city, ${FACETS('new.')});
  end`.execute(db);
  await sql`create trigger search_documents_delete after delete on search_documents begin
    insert into search_index (search_index, rowid, title, excerpt, body, city, facets) values ('delete', old.id, old.title, old.excerpt, old.body, old.city, ${FACETS('old.')});
  end`.execute(db);
  await sql`create trigger search_documents_update after update on search_documents begin
    insert into search_index (search_index, rowid, title, excerpt, body, city, facets) values ('delete', old.id, old.title, old.excerpt, old.body, old.city, ${FACETS('old.')});
    insert into search_index (rowid, title, excerpt, body, city, facets) values (new.id, new.title, new.excerpt, new.body, new.city, ${FACETS('new.')});
  end`.execute(db);
  await finishIndex(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropIndex(db);
  await sql`drop view search_index_source`.execute(db);
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
  await finishIndex(db);
}
