import { sql, type Kysely } from 'kysely';

/**
 * Search and social fields on posts and guides (a guide is a post of type 'guide'): a meta title and
 * description, a share image and a canonical URL (each null: the page's default) and `noindex`
 * (1 keeps the page out of search results and out of the sitemap).
 *
 * The post states history and the trash keep get the new columns after their other ones (where
 * the new columns read), so the newest stored state still equals the current one.
 */

const COLUMNS = ['meta_title', 'meta_description', 'og_image', 'canonical_url'] as const;
const EMPTY = { metaTitle: null, metaDescription: null, ogImage: null, canonicalUrl: null, noindex: 0 };

/** Adds the empty fields to a stored post state's row. */
function withSeo(state: string): string {
  const parsed = JSON.parse(state) as { post: object };
  return JSON.stringify({ ...parsed, post: { ...parsed.post, ...EMPTY } });
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('posts').addColumn(column, 'text').execute();
  await db.schema
    .alterTable('posts')
    .addColumn('noindex', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const { rows: revisions } = await sql<{ id: number; state: string }>`
    select id, state from revisions where entity = 'post' and state is not null`.execute(db);
  for (const revision of revisions)
    await sql`update revisions set state = ${withSeo(revision.state)} where id = ${revision.id}`.execute(db);
  const { rows: trashed } = await sql<{ id: number; snapshot: string }>`select id, snapshot from trash where kind = 'post'`.execute(db);
  for (const entry of trashed) await sql`update trash set snapshot = ${withSeo(entry.snapshot)} where id = ${entry.id}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...COLUMNS, 'noindex']) await db.schema.alterTable('posts').dropColumn(column).execute();
}
