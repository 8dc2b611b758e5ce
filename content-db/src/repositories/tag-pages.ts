import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { defineQuery } from '../queries.ts';
import { TAG } from '../tags.ts';

/** The tag pages: which there are, and the name each goes by. */

/** Every tag page: each tag slug published posts carry, with how many carry it. */
export const listTagPages = defineQuery({
  name: 'tags.pages',
  run: async (db: Db, _args: Record<string, never>): Promise<{ slug: string; count: number; slots: number }[]> => {
    // Counted as the rows of posts that are dated (see published-posts.ts `dated`): the few undated
    // drafts are looked up, and the tags are read in slug order from their index, with no join and
    // no sort (faster than joining every published post). Every post_tags row has its post. The
    // dated drafts among them, few too, are counted apart: they keep places, not pages.
    const byTag = (drafts: 'undated' | 'dated') =>
      db
        .selectFrom('postTags')
        .select(['slug', (eb) => eb.fn.countAll<number>().as('count')])
        .where('postId', drafts === 'undated' ? 'not in' : 'in', (eb) =>
          eb
            .selectFrom('posts')
            .select('id')
            .where('published', '=', 0)
            .where('publishedAt', drafts === 'undated' ? 'is' : 'is not', null),
        )
        .groupBy('slug')
        .orderBy('slug')
        .execute();
    const [slots, datedDrafts] = await Promise.all([byTag('undated'), byTag('dated')]);
    const hidden = new Map(datedDrafts.map((row) => [row.slug, Number(row.count)]));
    return slots.flatMap((row) => {
      const count = Number(row.count) - (hidden.get(row.slug) ?? 0);
      return count > 0 ? [{ slug: row.slug, count, slots: Number(row.count) }] : [];
    });
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
