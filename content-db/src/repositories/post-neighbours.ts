import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { defineQuery } from '../queries.ts';
import { TAG } from '../tags.ts';
import type { PostType } from '../schema.ts';
import { toPostFields } from './posts.ts';
import { ordered, readerDate, SUMMARY_COLUMNS, type PostSummary } from './published-posts.ts';

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
  const others = list.filter((post) => post.id !== anchor.id);
  const older = others.filter((post) => before(post, anchor));
  const newer = others.filter((post) => !before(post, anchor)).reverse();
  const picked: Dated[] = [];
  for (let i = 0; picked.length < count && (i < older.length || i < newer.length); i++) {
    if (i < older.length) picked.push(older[i]!);
    if (picked.length < count && i < newer.length) picked.push(newer[i]!);
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
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => {
      const { content: _content, ...summary } = toPostFields({ ...byId.get(id)!, content: '', reviewAt: null });
      return summary;
    });
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
