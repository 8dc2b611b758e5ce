import { sql, type Kysely } from 'kysely';

/**
 * Review. A post a writer submits waits for an editor: `posts.review_at` says since when (null
 * for every post not waiting), so its status reads `review` beside draft, scheduled and published.
 * The talk about a post lives beside it in `post_comments`: comments, and the notes an editor
 * sends back with a request for changes. Comments are talk, not content: they keep no history and
 * go with their post; a comment's writer leaving keeps the comment without a name.
 *
 * The post states history and the trash keep get `reviewAt: null` after their other columns (where
 * the new column reads), so the newest stored state still equals the current one.
 */

/** Adds `reviewAt: null` to a stored post state's row. */
function withReview(state: string): string {
  const parsed = JSON.parse(state) as { post: object };
  return JSON.stringify({ ...parsed, post: { ...parsed.post, reviewAt: null } });
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('review_at', 'text').execute();
  const { rows: revisions } = await sql<{ id: number; state: string }>`
    select id, state from revisions where entity = 'post' and state is not null`.execute(db);
  for (const revision of revisions)
    await sql`update revisions set state = ${withReview(revision.state)} where id = ${revision.id}`.execute(db);
  const { rows: trashed } = await sql<{ id: number; snapshot: string }>`select id, snapshot from trash where kind = 'post'`.execute(db);
  for (const entry of trashed) await sql`update trash set snapshot = ${withReview(entry.snapshot)} where id = ${entry.id}`.execute(db);
  await db.schema
    .createTable('post_comments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('comment', 'changes')`))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('post_comments_post').on('post_comments').columns(['post_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('post_comments').execute();
  await db.schema.alterTable('posts').dropColumn('review_at').execute();
}
