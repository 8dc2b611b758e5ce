import type { Db } from '../schema.ts';
import { slugify } from '@forkcast/shared/slugs';

/**
 * A post's tags as tag pages group them: one per slug, the first spelling on the post winning
 * ('Wine' and 'wine' share a page); a tag whose name leaves no slug (an emoji, a name in kanji) has
 * no page.
 */
export function tagSlugs(tags: readonly string[]): { slug: string; name: string }[] {
  const bySlug = new Map<string, string>();
  for (const name of tags) {
    const slug = slugify(name);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, name);
  }
  return [...bySlug].map(([slug, name]) => ({ slug, name }));
}

/** Replaces a post's rows in post_tags; called by every write of posts.tags. */
export async function replacePostTags(db: Db, postId: number, tags: readonly string[]): Promise<void> {
  await db.deleteFrom('postTags').where('postId', '=', postId).execute();
  const rows = tagSlugs(tags).map((tag) => ({ postId, ...tag }));
  if (rows.length > 0) await db.insertInto('postTags').values(rows).execute();
}

// Raised whenever the way a tag becomes a slug changes, so every database refills its post_tags.
const TAG_SLUG_RULES = '1';

/**
 * Fills post_tags from posts.tags when it was filled under other slug rules (or never: a database
 * from before the table existed). Returns whether it did. Run it in a transaction.
 */
export async function syncPostTags(db: Db): Promise<boolean> {
  const filled = await db.selectFrom('derivedTables').select('rules').where('name', '=', 'post_tags').executeTakeFirst();
  if (filled?.rules === TAG_SLUG_RULES) return false;
  await db.deleteFrom('postTags').execute();
  const posts = await db.selectFrom('posts').select(['id', 'tags']).execute();
  for (const post of posts) await replacePostTags(db, post.id, JSON.parse(post.tags) as string[]);
  await db
    .insertInto('derivedTables')
    .values({ name: 'post_tags', rules: TAG_SLUG_RULES })
    .onConflict((oc) => oc.column('name').doUpdateSet({ rules: TAG_SLUG_RULES }))
    .execute();
  return true;
}
