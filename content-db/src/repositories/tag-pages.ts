import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { defineQuery } from '../queries.ts';
import { TAG } from '../tags.ts';

/** The tag pages: which there are, and the name each goes by. */

/** Every tag page: each tag slug published posts carry, with how many carry it and the places they and dated drafts take. */
export const listTagPages = defineQuery({
  name: 'tags.pages',
  run: async (db: Db, _args: Record<string, never>): Promise<{ slug: string; count: number; slots: number }[]> => {
    // Kept by triggers as posts and tags change (migration 0039): counting post_tags here read the
    // whole table on every change of a post.
    const rows = await db.selectFrom('tagCounts').select(['slug', 'posts', 'slots']).where('posts', '>', 0).orderBy('slug').execute();
    return rows.map((row) => ({ slug: row.slug, count: row.posts, slots: row.slots }));
  },
  listen: () => [TAG.posts],
});

/**
 * The name a tag page goes by: the spelling the newest published post carrying it gives the tag
 * ('Wine' and 'wine' share one page under one name); undefined when no published post carries it.
 */
export const getTagPageName = defineQuery({
  name: 'tags.name',
  run: async (db: Db, args: { slug: string }): Promise<string | undefined> => {
    const row = await db
      .selectFrom('postTags')
      .innerJoin('posts', 'posts.id', 'postTags.postId')
      .select('postTags.name')
      .where('postTags.slug', '=', args.slug)
      .where('posts.published', '=', 1)
      .orderBy(sql`coalesce(posts.published_at, posts.created_at)`, 'desc')
      .orderBy('posts.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.name;
  },
  listen: (args) => [TAG.tagPosts(args.slug)],
  fingerprint: (name) => name ?? null,
});
