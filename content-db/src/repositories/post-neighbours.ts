import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { defineQuery } from '../queries.ts';
import { TAG } from '../tags.ts';
import type { PostType } from '../schema.ts';
import { ordered, readerDate, SUMMARY_COLUMNS, summaryAuthorIds, toSummary, type PostSummary } from './published-posts.ts';

/** A post's 'More from {city}': the posts of its city nearest to it in time. */

export interface NeighbourArgs {
  postId: number;
  cityId: number;
  type: PostType;
  count: number;
}

interface Dated {
  id: number;
  date: string;
}

const before = (a: Dated, b: Dated) => a.date < b.date || (a.date === b.date && a.id < b.id);

/**
 * The `count` posts nearest to an anchor in a list ordered newest first: the next older, the next
 * newer, the one after that older, ... so each post's neighbours are its own, and a new post
 * changes the neighbours of the few posts next to it, not of every post.
 */
function nearest(list: readonly Dated[], anchor: Dated, count: number): number[] {
  // The list is newest first, so the posts older than the anchor are a tail of it: found by a binary
  // search, then walked outwards from there, rather than filtered out of the whole city's list for
  // each of its posts (a new post re-checks the neighbours of every post of its city).
  let [low, high] = [0, list.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(list[middle]!, anchor)) high = middle;
    else low = middle + 1;
  }
  const picked: Dated[] = [];
  let [older, newer] = [low, low - 1];
  const skipAnchor = () => {
    while (older < list.length && list[older]!.id === anchor.id) older++;
    while (newer >= 0 && list[newer]!.id === anchor.id) newer--;
  };
  for (skipAnchor(); picked.length < count && (older < list.length || newer >= 0); skipAnchor()) {
    if (older < list.length) picked.push(list[older++]!);
    if (picked.length < count && newer >= 0) picked.push(list[newer--]!);
  }
  return picked.sort((a, b) => (before(a, b) ? 1 : -1)).map((post) => post.id);
}

// Where a post sits in time, published or not (a preview shows a draft among its neighbours to be).
async function anchorsOf(db: Db, ids: readonly number[]): Promise<Map<number, Dated>> {
  const rows = await db
    .selectFrom('posts')
    .select(['id', sql<string>`coalesce(published_at, publish_at, created_at)`.as('date')])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

async function datedList(db: Db, args: Pick<NeighbourArgs, 'cityId' | 'type'>): Promise<Dated[]> {
  return ordered(db, { cityId: args.cityId, type: args.type })
    .select(['id', readerDate.as('date')])
    .execute();
}

/**
 * A post's 'More from {city}': the `count` published posts of its city and type nearest to it in
 * time, newest first, itself excluded.
 */
export const listNeighbourPosts = defineQuery({
  name: 'posts.neighbours',
  run: async (db: Db, args: NeighbourArgs): Promise<PostSummary[]> => {
    const anchor = (await anchorsOf(db, [args.postId])).get(args.postId);
    if (!anchor) return [];
    const ids = nearest(await datedList(db, args), anchor, args.count);
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('posts')
      .select([...SUMMARY_COLUMNS])
      .select(summaryAuthorIds)
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => toSummary(byId.get(id)!));
  },
  listen: (args) => [TAG.cityPosts(args.cityId)],
  reads: (_args, posts) => posts.map((post) => TAG.postCard(post.id)),
  fingerprint: (posts) => posts.map((post) => post.id),
  evaluate: async (db, all) => {
    const anchors = await anchorsOf(
      db,
      all.map((args) => args.postId),
    );
    const lists = new Map<string, Dated[]>();
    const answers: number[][] = [];
    for (const args of all) {
      const key = `${args.cityId} ${args.type}`;
      if (!lists.has(key)) lists.set(key, await datedList(db, args));
      const anchor = anchors.get(args.postId);
      answers.push(anchor ? nearest(lists.get(key)!, anchor, args.count) : []);
    }
    return answers;
  },
});
