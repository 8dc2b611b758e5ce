import { sql, type Kysely } from 'kysely';

/**
 * Each post's tags by slug, so a tag page reads the posts it lists through an index instead of
 * reading every post and slugifying every tag. The table is derived from posts.tags: it is filled,
 * and refilled whenever the slug rules change, by the repository (post-tags.ts), not here, because
 * a slug is made by the application's slugify and migrations import no application code.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('derived_tables').execute();
  await db.schema.dropTable('post_tags').execute();
}
