import type { Db } from '../db.ts';
import { defineQuery } from '../queries.ts';
import { TAG } from '../tags.ts';
import type { PostType } from '../schema.ts';
import { sitemapRange } from '@forkcast/shared/urls';
import {
  everyLink,
  idRangeCounts,
  LINK_COLUMNS,
  linksDigest,
  linksOfType,
  listedIds,
  publishedOrder,
  type LinkColumns,
  type ListedLink,
} from './post-link-index.ts';
import { published, publishedById, readerDate } from './published-posts.ts';

/** The lists of post links the sitemaps and the redirects file are made from. */

export interface PostLinkArgs {
  type?: PostType;
  /** Only ids from `idFrom` to `idTo`, both included (a sitemap file's share). */
  idFrom?: number;
  idTo?: number;
  /** Also when each was last changed and whether it is kept out of search: every edit of a listed post then re-renders the page. */
  withUpdatedAt?: boolean;
}

// Past this many sitemap ranges a list listens to every post instead of to each range.
const MAX_RANGE_TAGS = 50;

/** The tags of the ranges an id window spans: a post added, removed or renamed elsewhere cannot change it. */
function linkListTags(args: PostLinkArgs): string[] {
  if (args.idFrom === undefined || args.idTo === undefined) return [TAG.posts];
  const [first, last] = [sitemapRange(Math.max(1, args.idFrom)), sitemapRange(Math.max(1, args.idTo))];
  if (last - first >= MAX_RANGE_TAGS) return [TAG.posts];
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => TAG.postRange(first + i));
}

/**
 * Links to every published post (of a type, in an id range), newest first: what the sitemaps and
 * the redirects file list. Without `withUpdatedAt` it holds only what changes the `posts` tag,
 * so an edited hero or body re-renders none of those pages.
 */
export const listPostLinks = defineQuery({
  name: 'posts.links',
  run: async (db: Db, args: PostLinkArgs): Promise<ListedLink[]> => {
    // A sitemap file's share reads only its own ids (a hero edit re-renders that one file), and
    // only a sitemap file asks for the dates.
    if (args.idFrom !== undefined || args.idTo !== undefined || args.withUpdatedAt) {
      const window = args.idFrom !== undefined || args.idTo !== undefined;
      // A window is read by its ids (the primary key). Given `published = ?`, SQLite's planner walks
      // the reader-order index over every published post instead, which is slower. The unary + keeps
      // the column off that index.
      let query = (window ? publishedById(db, args) : published(db, args)).select([...LINK_COLUMNS]);
      if (args.withUpdatedAt) query = query.select(['updatedAt', 'noindex']);
      if (args.idFrom !== undefined) query = query.where('id', '>=', args.idFrom);
      if (args.idTo !== undefined) query = query.where('id', '<=', args.idTo);
      return query.orderBy(readerDate, 'desc').orderBy('id', 'desc').execute();
    }
    const links = await everyLink(db);
    return args.type === undefined ? links : linksOfType(links, args.type);
  },
  listen: linkListTags,
  reads: (args, links) => (args.withUpdatedAt ? links.map((link) => TAG.post(link.id)) : []),
  fingerprint: (links) => linksDigest(links),
});

/** A range of post ids and how many published posts (of a type) it holds. */
export interface IdRangeCount {
  range: number;
  count: number;
}

/**
 * How many published posts (of a type) each range of `size` ids holds, ranges without any left out,
 * in range order: counted from the list of every post's link kept in memory, so a new post costs a
 * pass over that list rather than a read of every post.
 */
export const countPostsByIdRange = defineQuery({
  name: 'posts.idRangeCounts',
  run: (db: Db, args: { size: number; type?: PostType }): Promise<readonly IdRangeCount[]> => rangeCounts(db, args),
  listen: () => [TAG.posts],
});

// Counted once per list and arguments: sitemap.xml and /sitemap ask for the same counts (the
// ranges, and the ranges with their counts) in one publish, as two queries.
const countedRanges = new WeakMap<LinkColumns, Map<string, readonly IdRangeCount[]>>();

async function rangeCounts(db: Db, args: { size: number; type?: PostType }): Promise<readonly IdRangeCount[]> {
  const columns = await publishedOrder(db);
  let known = countedRanges.get(columns);
  if (!known) countedRanges.set(columns, (known = new Map()));
  const key = `${args.size} ${args.type ?? ''}`;
  let answer = known.get(key);
  if (!answer) {
    const found: IdRangeCount[] = [];
    for (const [range, count] of idRangeCounts(columns, args.size, args.type).entries()) if (count > 0) found.push({ range, count });
    known.set(key, (answer = found));
  }
  return answer;
}

/** The numbers of the id ranges of `size` ids that hold at least one published post (1 is ids 1 to size). */
export const listPostIdRanges = defineQuery({
  name: 'posts.idRanges',
  // From the links kept in memory (as countPostsByIdRange), not a read of every published post.
  run: async (db: Db, args: { size: number }): Promise<number[]> => (await rangeCounts(db, args)).map(({ range }) => range),
  listen: () => [TAG.posts],
});

/**
 * Whether more than `count` posts (of a type) are published: a page that only asks this is not
 * rendered again for each post added or removed, only when the number crosses `count`.
 */
export const hasMorePostsThan = defineQuery({
  name: 'posts.moreThan',
  run: async (db: Db, args: { count: number; type?: PostType }): Promise<boolean> =>
    (await listedIds(db, args.type === undefined ? {} : { type: args.type })).length > args.count,
  listen: () => [TAG.posts],
});
