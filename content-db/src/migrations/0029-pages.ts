import { sql, type Kysely } from 'kysely';

/**
 * Pages an editor writes (issue 42): a title, a slug the page lives at (`/{slug}`), Markdown
 * content, draft or published, and whether the footer links it. Named `site_pages` because
 * `pages` is the publisher's record of rendered routes. `version` moves with every write, so a
 * write made to an older version is refused (If-Match).
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_pages').execute();
}
