import { sql, type Kysely } from 'kysely';

/**
 * What keeps a publish small at any size of the site.
 *
 * Each post's tags by slug, so a tag page reads the posts it lists through an index instead of
 * reading every post and slugifying every tag. The table is derived from posts.tags: it is filled,
 * and refilled whenever the slug rules change, by the repository (post-tags.ts), not here, because
 * a slug is made by the application's slugify and migrations import no application code.
 *
 * A page's conditional reads: a list a page read is stored once as a query (its name and arguments,
 * re-runnable by the repository that defines it), with the tags whose writes may change its result
 * and, per page, a fingerprint of the result the page saw. A write re-runs the queries listening to
 * its tags and re-renders only the pages whose fingerprint no longer matches.
 *
 * Routes that failed to render or to be written, with their error and when to try again, so one
 * broken page never stops the others from publishing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    // The spelling of the tag on this post; the tag page takes the newest post's.
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'slug'])
    .execute();
  await sql`create index post_tags_slug on post_tags (slug, post_id)`.execute(db);
  // Which version of its rules each derived table was last filled under.
  await db.schema
    .createTable('derived_tables')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('rules', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('queries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('query_listens')
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('query_id', 'integer', (c) => c.notNull().references('queries.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('query_listens_pk', ['tag', 'query_id'])
    .execute();
  await db.schema.createIndex('query_listens_query').on('query_listens').column('query_id').execute();
  await db.schema
    .createTable('page_queries')
    .addColumn('path', 'text', (c) => c.notNull().references('pages.path').onDelete('cascade'))
    .addColumn('query_id', 'integer', (c) => c.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_queries_pk', ['path', 'query_id'])
    .execute();
  await db.schema.createIndex('page_queries_query').on('page_queries').columns(['query_id', 'fingerprint']).execute();

  await db.schema
    .createTable('failed_routes')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('first_failed_at', 'text', (c) => c.notNull())
    .addColumn('retry_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['failed_routes', 'page_queries', 'query_listens', 'queries', 'derived_tables'])
    await db.schema.dropTable(table).execute();
  await db.schema.dropTable('post_tags').execute();
}
