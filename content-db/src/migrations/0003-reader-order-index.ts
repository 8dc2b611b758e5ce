import { sql, type Kysely } from 'kysely';

/**
 * Listings show published posts newest first by the date a reader sees (publishedAt, else
 * createdAt). With thousands of posts, sorting that expression on every render dominated the
 * cost of re-rendering listing pages; these indexes hand SQLite the rows already in order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index posts_reader_order on posts (published, coalesce(published_at, created_at) desc, id desc)`.execute(db);
  await sql`create index posts_type_reader_order on posts (published, type, coalesce(published_at, created_at) desc, id desc)`.execute(db);
  await sql`create index posts_city_reader_order on posts (city_id, published, type, coalesce(published_at, created_at) desc, id desc)`.execute(
    db,
  );
  // Counting the cities that published posts cover, without reading the posts themselves.
  await sql`create index posts_published_city on posts (published, city_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['posts_reader_order', 'posts_type_reader_order', 'posts_city_reader_order', 'posts_published_city'])
    await db.schema.dropIndex(name).execute();
}
