import { sql, type Kysely } from 'kysely';

/**
 * What a search groups, filters and orders its matches by (kind, city, date), one narrow row per
 * search document, kept equal to search_documents by triggers. A query that matches most of a large
 * site looks each match up here: in search_documents the same columns share a row with the whole
 * body, so each look-up read a page of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_facets')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('city_slug', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into search_facets (id, kind, city_slug, city, date) select id, kind, city_slug, city, date from search_documents`.execute(
    db,
  );
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

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger search_facets_${event}`).execute(db);
  await db.schema.dropTable('search_facets').execute();
}
