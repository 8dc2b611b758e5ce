import { sqliteRows, type Db } from '../db.ts';
import { defineQuery } from '../queries.ts';
import { TAG } from '../tags.ts';
import { authorIdsColumn } from './post-authors.ts';
import { toPost, type Post } from './posts.ts';
import { listedIds, listSlotIds, publishedFilter } from './post-link-index.ts';
import {
  ordered,
  published,
  scopeTag,
  SUMMARY_COLUMNS,
  summaryAuthorIds,
  toSummary,
  type PostListArgs,
  type PostSummary,
} from './published-posts.ts';

/**
 * The lists the site's pages show, as conditional reads (see queries.ts). Each list answers with
 * its posts but is fingerprinted by their ids in order, listening to the tag of the set it is
 * drawn from (every post's, a city's, a tag's); what a card shows of each post is a plain read of
 * that post's card tag. So a new post re-renders the pages whose lists it joins, an edited hero the
 * pages that show its card, and an edited body no list at all. Only published posts are listed.
 */

const MAX_WINDOW_BY_ID = 500;

/** The summaries of these posts, in this order. */
async function summariesOf(db: Db, ids: readonly number[]): Promise<PostSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('posts')
    .select([...SUMMARY_COLUMNS])
    .select(summaryAuthorIds)
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => toSummary(byId.get(id)!));
}

/** The part of a whole list a window (offset, limit) shows. */
function windowOf<T>(list: readonly T[], { offset = 0, limit }: Pick<PostListArgs, 'offset' | 'limit'>): T[] {
  return list.slice(offset, limit === undefined ? undefined : offset + limit);
}

/** Every argument but the window: lists of one family are slices of one ordered list. */
const familyKey = ({ limit: _limit, offset: _offset, ...family }: PostListArgs) => JSON.stringify(family);

/**
 * The published posts a page lists, newest (or oldest) first, with an optional window. Pages call
 * it for every list they show; re-checking all pages of one list (an archive) is one scan.
 */
/**
 * Whether a list is cut from the archive places (listSlotIds): a whole listing's, a type's or a
 * tag's. A city's or an author's pages ask for places too, but count only their own published
 * posts (see comparePublishedCount), so they are read by their own scan.
 */
const keepsPlaces = (args: PostListArgs) => args.slots === true && args.cityId === undefined && args.authorId === undefined;

export const listPostSummaries = defineQuery({
  name: 'posts.list',
  run: async (db: Db, args: PostListArgs): Promise<PostSummary[]> => {
    // A list of every post, a type's or a tag's (not a city's or an author's) is cut from the list of every post's link: SQLite
    // would walk the published posts in reader order to the page's offset, or every one of them to
    // find a tag's, a millisecond or two a page on a large site. Its window is read by id, so only a
    // page's worth of ids goes into one statement.
    if (keepsPlaces(args)) return summariesOf(db, (await publishedFilter(db))(windowOf(await listSlotIds(db, args), args)));
    if (args.cityId === undefined && args.authorId === undefined && args.limit !== undefined && args.limit <= MAX_WINDOW_BY_ID) {
      return summariesOf(db, windowOf(await listedIds(db, args), args));
    }
    return (
      await ordered(db, args)
        .select([...SUMMARY_COLUMNS])
        .select(summaryAuthorIds)
        .execute()
    ).map(toSummary);
  },
  listen: (args) => [scopeTag(args)],
  reads: (_args, posts) => posts.map((post) => TAG.postCard(post.id)),
  fingerprint: (posts) => posts.map((post) => post.id),
  evaluate: async (db, all) => {
    const families = new Map<string, PostListArgs[]>();
    for (const args of all) {
      const key = familyKey(args);
      const family = families.get(key);
      if (family) family.push(args);
      else families.set(key, [args]);
    }
    const answers = new Map<PostListArgs, readonly number[]>();
    for (const members of families.values()) {
      if (members.length === 1 && !keepsPlaces(members[0]!)) {
        const [only] = members as [PostListArgs];
        answers.set(
          only,
          (await sqliteRows<{ id: number }>(db, ordered(db, only).select('id'))).map((row) => row.id),
        );
        continue;
      }
      const ends = members.map((args) => (args.limit === undefined ? Number.POSITIVE_INFINITY : (args.offset ?? 0) + args.limit));
      const end = Math.max(...ends);
      const [first] = members as [PostListArgs];
      if (keepsPlaces(first)) {
        const slots = await listSlotIds(db, first);
        const publishedIn = await publishedFilter(db);
        for (const args of members) answers.set(args, publishedIn(windowOf(slots, args)));
        continue;
      }
      // The pages of a whole listing (every post, a type's or a tag's) are cut from the list of
      // every post's link the publish holds anyway; a city's are read by their own scan.
      const ids =
        first.cityId === undefined && first.authorId === undefined
          ? await listedIds(db, first)
          : (
              await sqliteRows<{ id: number }>(
                db,
                ordered(db, { ...first, ...(Number.isFinite(end) ? { limit: end } : {}), offset: undefined }).select('id'),
              )
            ).map((row) => row.id);
      for (const args of members) answers.set(args, windowOf(ids, args));
    }
    return all.map((args) => answers.get(args)!);
  },
});

/** How many published posts (of a type, a city, a tag, an author) there are. */
export const countPublishedPosts = defineQuery({
  name: 'posts.count',
  run: async (db: Db, args: Pick<PostListArgs, 'type' | 'cityId' | 'tagSlug' | 'authorId'>): Promise<number> => {
    // Every post's, a type's or a tag's: counted in the list of every post's link, kept up to date anyway.
    if (args.cityId === undefined && args.authorId === undefined) return (await listedIds(db, args)).length;
    const row = await published(db, args)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
  listen: (args) => [scopeTag(args)],
});

/** How many places the archives of a listing have (every post, a type's, a tag's): see listSlotIds. */
export const countArchiveSlots = defineQuery({
  name: 'posts.slots',
  run: async (db: Db, args: Pick<PostListArgs, 'type' | 'tagSlug'>): Promise<number> => (await listSlotIds(db, args)).length,
  listen: (args) => [scopeTag(args)],
});

type SlotBounds = Pick<PostListArgs, 'type' | 'tagSlug'> & { from: number; to: number };
type SlotPosition = 'below' | 'within' | 'above';

const positionOf = (count: number, { from, to }: { from: number; to: number }): SlotPosition =>
  count < from ? 'below' : count < to ? 'within' : 'above';

/**
 * Where the number of a listing's archive places (every post's, a type's, a tag's) stands against
 * two bounds: 'below' `from`, 'within' [from, to), or 'above' (at least `to`). A page that depends on
 * the count only that far (an archive page: does it exist, is it the newest) re-renders when the
 * answer moves, not with every post.
 */
export const compareArchiveSlots = defineQuery({
  name: 'posts.slotsWithin',
  run: async (db: Db, args: SlotBounds): Promise<SlotPosition> => {
    const { from: _from, to: _to, ...filter } = args;
    return positionOf(await countArchiveSlots(db, filter), args);
  },
  listen: (args) => [scopeTag(args)],
  // Every archive page of a listing asks about the same count: count once per listing.
  evaluate: async (db, all) => {
    const counts = new Map<string, Promise<number>>();
    return Promise.all(
      all.map(async (args) => {
        const { from: _from, to: _to, ...filter } = args;
        const key = JSON.stringify(filter);
        if (!counts.has(key)) counts.set(key, countArchiveSlots(db, filter));
        return positionOf(await counts.get(key)!, args);
      }),
    );
  },
});

type CountBounds = Pick<PostListArgs, 'authorId'> & { from: number; to: number };

/**
 * compareArchiveSlots for an author's archive, whose pages count the author's published posts: the
 * few pages of one writer re-render with their count, and keep no places for unpublished posts.
 */
export const comparePublishedCount = defineQuery({
  name: 'posts.countWithin',
  run: async (db: Db, args: CountBounds): Promise<SlotPosition> => {
    const { from: _from, to: _to, ...filter } = args;
    return positionOf(await countPublishedPosts(db, filter), args);
  },
  listen: (args) => [scopeTag(args)],
});

/** How many cities published posts cover. */
export const countCoveredCities = defineQuery({
  name: 'posts.citiesCovered',
  run: async (db: Db, _args: Record<string, never>): Promise<number> => {
    // A look-up per city in the index on (published, city_id), not a count of every published post's city.
    const row = await db
      .selectFrom('cities')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('posts').select('posts.id').where('posts.published', '=', 1).whereRef('posts.cityId', '=', 'cities.id')),
      )
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
  listen: () => [TAG.posts],
});

/** The newest published guide of a city, whole: its id is fingerprinted, its fields are a plain read. */
export const getCityGuide = defineQuery({
  name: 'posts.cityGuide',
  run: async (db: Db, args: { cityId: number }): Promise<Post | undefined> => {
    const row = await ordered(db, { cityId: args.cityId, type: 'guide', limit: 1 }).selectAll().select(authorIdsColumn).executeTakeFirst();
    return row && toPost(row);
  },
  listen: (args) => [TAG.cityPosts(args.cityId)],
  reads: (_args, guide) => (guide ? [TAG.post(guide.id)] : []),
  fingerprint: (guide) => guide?.id ?? null,
});

/** The ids of the cities with a published guide, in display order. */
export const listCitiesWithGuide = defineQuery({
  name: 'cities.withGuide',
  run: async (db: Db, _args: Record<string, never>): Promise<number[]> => {
    const rows = await db
      .selectFrom('cities')
      .select('id')
      .where('id', 'in', (eb) => eb.selectFrom('posts').select('cityId').where('published', '=', 1).where('type', '=', 'guide'))
      .orderBy('displayOrder')
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  },
  listen: () => [TAG.posts, TAG.cities],
});
