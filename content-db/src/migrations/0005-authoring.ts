import { sql, type Kysely } from 'kysely';

/**
 * Authoring: a post may wait unpublished for a publication time (publish_at), and every URL a post
 * or city left behind when its slug changed is kept as a redirect to where it lives now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('publish_at', 'text').execute();
  // The scheduler asks for the next due post among the unpublished ones.
  await sql`create index posts_schedule on posts (publish_at) where published = 0 and publish_at is not null`.execute(db);
  await db.schema
    .createTable('redirects')
    .addColumn('from_path', 'text', (c) => c.primaryKey())
    .addColumn('to_path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('redirects_to_path').on('redirects').column('to_path').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('redirects').execute();
  await db.schema.dropIndex('posts_schedule').execute();
  await db.schema.alterTable('posts').dropColumn('publish_at').execute();
}
