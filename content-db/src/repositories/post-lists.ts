import { sql } from 'kysely';
import { sqliteRows, type Db } from '../db.ts';
import { defineQuery, FingerprintLines, sharedRead } from '../queries.ts';
import { TAG } from '../tags.ts';
import type { PostType } from '../schema.ts';
import { sitemapRange } from '../urls.ts';
import { toPost, type Post } from './posts.ts';

/**
 * The lists the site's pages show, as conditional reads (see queries.ts). Each list answers with
 * its posts but is fingerprinted by their ids in order, listening to the tag of the set it is
 * drawn from (every post's, a city's, a tag's); what a card shows of each post is a plain read of
 * that post's card tag. So a new post re-renders the pages whose lists it joins, an edited hero the
 * pages that show its card, and an edited body no list at all. Only published posts are listed.
 */

/** A post as cards, feeds and links show it: everything but its body. */
export type PostSummary = Omit<Post, 'content'>;

export interface PostListArgs {
  type?: PostType;
  cityId?: number;
  /** Only the posts on the page of this tag slug. */
  tagSlug?: string;
  /** Newest first (the default), or oldest first (archive pages, numbered from the oldest). */
  order?: 'newest' | 'oldest';
  limit?: number;
  offset?: number;
}

const SUMMARY_COLUMNS = [
  'id',
  'slug',
  'title',
  'excerpt',
  'heroImage',
  'heroAlt',
  'type',
  'cityId',
  'tags',
  'published',
  'publishedAt',
  'publishAt',
  'createdAt',
  'updatedAt',
] as const;

const readerDate = sql<string>`coalesce(published_at, created_at)`;

/** The tag whose writes may change which posts a list holds and in what order. */
function scopeTag(args: Pick<PostListArgs, 'cityId' | 'tagSlug'>): string {
  if (args.cityId !== undefined) return TAG.cityPosts(args.cityId);
  if (args.tagSlug !== undefined) return TAG.tagPosts(args.tagSlug);
  return TAG.posts;
}

function published(db: Db, args: Pick<PostListArgs, 'type' | 'cityId' | 'tagSlug'>) {
  let query = db.selectFrom('posts').where('published', '=', 1);
  if (args.type) query = query.where('type', '=', args.type);
  if (args.cityId !== undefined) query = query.where('cityId', '=', args.cityId);
  if (args.tagSlug !== undefined) {
    const slug = args.tagSlug;
    query = query.where('id', 'in', (eb) => eb.selectFrom('postTags').select('postId').where('slug', '=', slug));
  }
  return query;
}

/** `published` for a read bounded by id: the same filter, kept off the indexes in reader order. */
function publishedById(db: Db, args: Pick<PostListArgs, 'type'>) {
  const query = db.selectFrom('posts').where(sql<number>`+published`, '=', 1);
  return args.type ? query.where(sql<PostType>`+type`, '=', args.type) : query;
}

function ordered(db: Db, args: PostListArgs) {
  const direction = args.order === 'oldest' ? 'asc' : 'desc';
  let query = published(db, args).orderBy(readerDate, direction).orderBy('id', direction);
  // SQLite accepts OFFSET only after a LIMIT; -1 means no limit.
  if (args.limit !== undefined || args.offset !== undefined) query = query.limit(args.limit ?? -1);
  if (args.offset !== undefined) query = query.offset(args.offset);
  return query;
}

function toSummary(row: Omit<Parameters<typeof toPost>[0], 'content'>): PostSummary {
  const { content: _content, ...summary } = toPost({ ...row, content: '' });
  return summary;
}

const MAX_WINDOW_BY_ID = 500;

/** The summaries of these posts, in this order. */
async function summariesOf(db: Db, ids: readonly number[]): Promise<PostSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('posts')
    .select([...SUMMARY_COLUMNS])
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
export const listPostSummaries = defineQuery({
  name: 'posts.list',
  run: async (db: Db, args: PostListArgs): Promise<PostSummary[]> => {
    // A list of every post, a type's or a tag's is cut from the list of every post's link: SQLite
    // would walk the published posts in reader order to the page's offset, or every one of them to
    // find a tag's (about 1 and 2 ms a page at 10,000 posts). Its window is read by id, so only a
    // page's worth of ids goes into one statement.
    if (args.cityId === undefined && args.limit !== undefined && args.limit <= MAX_WINDOW_BY_ID) {
      return summariesOf(db, windowOf(await listedIds(db, args), args));
    }
    return (
      await ordered(db, args)
        .select([...SUMMARY_COLUMNS])
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
    const answers = new Map<PostListArgs, number[]>();
    for (const members of families.values()) {
      if (members.length === 1) {
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
      // The pages of a whole listing (every post, a type's or a tag's) are cut from the list of
      // every post's link the publish holds anyway; a city's are read by their own scan.
      const ids =
        first.cityId === undefined
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

/** The ids of the posts filed under a tag (published or not), read once per memo. */
function taggedIds(db: Db, slug: string): Promise<ReadonlySet<number>> {
  return sharedRead(db, `posts.tagged ${JSON.stringify(slug)}`, async () => {
    const rows = await sqliteRows<{ post_id: number }>(db, db.selectFrom('postTags').select('postId').where('slug', '=', slug));
    return new Set(rows.map((row) => row.post_id));
  });
}

/** The ids of every published post (of a type, of a tag) in a list's order, from the list of every post's link. */
function listedIds(db: Db, args: Pick<PostListArgs, 'type' | 'tagSlug' | 'order'>): Promise<readonly number[]> {
  // A listing's pages, its count and its re-check all ask for the same list: cut it once per memo.
  const key = JSON.stringify([args.type ?? null, args.tagSlug ?? null, args.order === 'oldest']);
  return sharedRead(db, `posts.listed ${key}`, async () => {
    const links = await everyLink(db);
    const ids = args.tagSlug === undefined ? typeIds(links, args.type) : taggedInOrder(links, await taggedIds(db, args.tagSlug), args.type);
    // Every link comes newest first (then the higher id): oldest first is that order reversed.
    return args.order === 'oldest' ? ids.toReversed() : ids;
  });
}

// Derived from one list of every post's link, whose array is never changed: a change of the links
// makes a new one (patchLinks), and these are worked out again for it.
const typeLists = new WeakMap<readonly PostLink[], Map<PostType | undefined, readonly number[]>>();
const linkPlaces = new WeakMap<readonly PostLink[], Int32Array>();

/** The ids of every link (of a type) in the list's order, cut once per list of links. */
function typeIds(links: readonly PostLink[], type: PostType | undefined): readonly number[] {
  let lists = typeLists.get(links);
  if (!lists) typeLists.set(links, (lists = new Map()));
  let ids = lists.get(type);
  if (!ids) {
    ids = links.filter((link) => type === undefined || link.type === type).map((link) => link.id);
    lists.set(type, ids);
  }
  return ids;
}

/**
 * Each link's place in `links`, indexed by post id (-1 for a post that is not listed). Post ids are
 * SQLite's autoincrement keys, handed out one after another, so the array is about as long as the
 * number of posts ever written (40 kB at the benchmark's 10,000).
 */
function placesById(links: readonly PostLink[]): Int32Array {
  let places = linkPlaces.get(links);
  if (!places) {
    places = new Int32Array(links.reduce((most, link) => Math.max(most, link.id), 0) + 1).fill(-1);
    for (const [place, link] of links.entries()) places[link.id] = place;
    linkPlaces.set(links, places);
  }
  return places;
}

/**
 * The published ones of `tagged` (of a type) in the list's order. A tag files a small share of the
 * posts (1,400 of 10,000 at most on the benchmark's site), so they are placed by their index in the
 * list rather than found by a pass over all its links, which was a tenth of a tag page's render.
 */
function taggedInOrder(links: readonly PostLink[], tagged: ReadonlySet<number>, type: PostType | undefined): readonly number[] {
  const found = new Int32Array(tagged.size);
  let count = 0;
  const places = placesById(links);
  for (const id of tagged) {
    const place = places[id] ?? -1;
    if (place >= 0 && (type === undefined || links[place]!.type === type)) found[count++] = place;
  }
  // A typed array sorts numerically with no comparator called for each pair.
  return Array.from(found.subarray(0, count).sort(), (place) => links[place]!.id);
}

/** How many published posts (of a type, a city, a tag) there are. */
export const countPublishedPosts = defineQuery({
  name: 'posts.count',
  run: async (db: Db, args: Pick<PostListArgs, 'type' | 'cityId' | 'tagSlug'>): Promise<number> => {
    // Every post's, a type's or a tag's: counted in the list of every post's link, kept up to date anyway.
    if (args.cityId === undefined) return (await listedIds(db, args)).length;
    const row = await published(db, args)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
  listen: (args) => [scopeTag(args)],
});

type CountBounds = Pick<PostListArgs, 'type' | 'cityId' | 'tagSlug'> & { from: number; to: number };
type CountPosition = 'below' | 'within' | 'above';

const positionOf = (count: number, { from, to }: CountBounds): CountPosition => (count < from ? 'below' : count < to ? 'within' : 'above');

/**
 * Where the number of published posts (of a type, a city, a tag) stands against two bounds: 'below'
 * `from`, 'within' [from, to), or 'above' (at least `to`). A page that depends on the count only that
 * far (an archive page: does it exist, is it the newest) re-renders when the answer moves, not with
 * every post.
 */
export const comparePublishedCount = defineQuery({
  name: 'posts.countWithin',
  run: async (db: Db, args: CountBounds): Promise<CountPosition> => {
    const { from: _from, to: _to, ...filter } = args;
    return positionOf(await countPublishedPosts(db, filter), args);
  },
  listen: (args) => [scopeTag(args)],
  // Every archive page of a listing asks about the same count: count once per listing.
  evaluate: async (db, all) => {
    const counts = new Map<string, Promise<number>>();
    return Promise.all(
      all.map(async (args) => {
        const { from: _from, to: _to, ...filter } = args;
        const key = JSON.stringify(filter);
        if (!counts.has(key)) counts.set(key, countPublishedPosts(db, filter));
        return positionOf(await counts.get(key)!, args);
      }),
    );
  },
});

/** How many cities published posts cover. */
export const countCoveredCities = defineQuery({
  name: 'posts.citiesCovered',
  run: async (db: Db, _args: Record<string, never>): Promise<number> => {
    const row = await published(db, {})
      .select((eb) => eb.fn.count<number>('cityId').distinct().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
  listen: () => [TAG.posts],
});

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
      const { content: _content, ...summary } = toPost({ ...byId.get(id)!, content: '' });
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

/** A link to a post: what its URL is made of, its title and its dates. */
export interface PostLink {
  id: number;
  slug: string;
  title: string;
  type: PostType;
  cityId: number | null;
  publishedAt: string | null;
  createdAt: string;
}

export interface PostLinkArgs {
  type?: PostType;
  /** Only ids from `idFrom` to `idTo`, both included (a sitemap file's share). */
  idFrom?: number;
  idTo?: number;
  /** Also when each was last changed: every edit of a listed post then re-renders the page. */
  withUpdatedAt?: boolean;
}

/**
 * Links to every published post (of a type, in an id range), newest first: what the sitemaps and
 * the redirects file list. Without `withUpdatedAt` it holds only what changes the `posts` tag,
 * so an edited hero or body re-renders none of those pages.
 */
type ListedLink = PostLink & { updatedAt?: string };

const LINK_COLUMNS = ['id', 'slug', 'title', 'type', 'cityId', 'publishedAt', 'createdAt'] as const;

// Each link's line, as SQLite printed it or as linkPrint did once per link.
const linkPrints = new WeakMap<ListedLink, string>();

/** Every published post's link in reader order, as of the last entry of the post link log it read. */
interface LinkIndex {
  seq: number;
  links: PostLink[];
}

// Per connection: each reads the same file, but may be ahead of or behind another by a write.
const linkIndexes = new WeakMap<Db, LinkIndex>();

// Past this many changed posts the list is read again whole rather than patched.
const MAX_PATCHED_LINKS = 500;

/** The published links of these posts (all of them without `ids`), in reader order, each with its printed line. */
async function readLinks(db: Db, ids?: readonly number[]): Promise<PostLink[]> {
  let query = published(db, {})
    .select([...LINK_COLUMNS, sql<string>`json_array(id, slug, title, type, city_id, published_at, created_at)`.as('print')])
    .orderBy(readerDate, 'desc')
    .orderBy('id', 'desc');
  if (ids) query = query.where('id', 'in', ids);
  // Rows as SQLite gives them (column names unchanged), not copied once more by the camel-case plugin.
  const rows = await sqliteRows<LinkRow>(db, query);
  return rows.map((row) => {
    const link: PostLink = {
      id: row.id,
      slug: row.slug,
      title: row.title,
      type: row.type,
      cityId: row.city_id,
      publishedAt: row.published_at,
      createdAt: row.created_at,
    };
    linkPrints.set(link, row.print);
    return link;
  });
}

/** Whether link `a` comes before `b` in reader order (newest first, then the higher id). */
function readsBefore(a: PostLink, b: PostLink): boolean {
  const [dateA, dateB] = [a.publishedAt ?? a.createdAt, b.publishedAt ?? b.createdAt];
  return dateA === dateB ? a.id > b.id : dateA > dateB;
}

/** `links` without the posts of `changed`, with `fresh` (their links now, in reader order) put in place. */
function patchLinks(links: readonly PostLink[], changed: ReadonlySet<number>, fresh: readonly PostLink[]): PostLink[] {
  const kept = links.filter((link) => !changed.has(link.id));
  const patched: PostLink[] = [];
  let next = 0;
  for (const link of fresh) {
    while (next < kept.length && readsBefore(kept[next]!, link)) patched.push(kept[next++]!);
    patched.push(link);
  }
  for (; next < kept.length; next++) patched.push(kept[next]!);
  return patched;
}

/** The list as of the log's last entry now: patched with the posts changed since `known`, or read whole. */
async function currentLinks(db: Db, known: LinkIndex | undefined): Promise<LinkIndex> {
  // Each bound in a query of its own, which SQLite answers from the key's b-tree in a step: asked
  // together, it read every entry of the log (0.4 ms at its 10,000, on every publish).
  const bounds = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('postLinkChanges')
        .select((log) => log.fn.max('seq').as('seq'))
        .as('last'),
      eb
        .selectFrom('postLinkChanges')
        .select((log) => log.fn.min('seq').as('seq'))
        .as('first'),
    ])
    .executeTakeFirstOrThrow();
  const last = bounds.last ?? 0;
  if (known && known.seq === last) return known;
  // Read whole the first time, after the log was emptied or cut past what is known, or when much changed.
  const usable = known && known.seq < last && (bounds.first ?? 0) <= known.seq + 1;
  if (usable) {
    const changed = new Set(
      (
        await sqliteRows<{ post_id: number }>(db, db.selectFrom('postLinkChanges').select('postId').distinct().where('seq', '>', known.seq))
      ).map((row) => row.post_id),
    );
    if (changed.size <= MAX_PATCHED_LINKS) return { seq: last, links: patchLinks(known.links, changed, await readLinks(db, [...changed])) };
  }
  return { seq: last, links: await readLinks(db) };
}

/**
 * Every published post's link, newest first, read once per publish for every list cut from it
 * (the routes, /sitemap, _redirects). Kept between publishes and patched with the posts the link
 * log says changed since, so a new post reads its own link, not 10,000 (each link's printed line
 * kept with it). The log is read before the links: a write committed in between is in the log
 * after what this list says it has seen, and is read again by the next call.
 */
function everyLink(db: Db): Promise<PostLink[]> {
  return sharedRead(db, 'posts.links', async () => {
    const index = await currentLinks(db, linkIndexes.get(db));
    linkIndexes.set(db, index);
    return index.links;
  });
}

interface LinkRow {
  id: number;
  slug: string;
  title: string;
  type: PostType;
  city_id: number | null;
  published_at: string | null;
  created_at: string;
  print: string;
}

/** What a page sees of a link, as one line: the fingerprint of a list of links is its lines. */
function linkPrint(link: ListedLink): string {
  let print = linkPrints.get(link);
  if (print === undefined) {
    print = JSON.stringify([link.id, link.slug, link.title, link.type, link.cityId, link.publishedAt, link.createdAt, link.updatedAt]);
    linkPrints.set(link, print);
  }
  return print;
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

export const listPostLinks = defineQuery({
  name: 'posts.links',
  run: async (db: Db, args: PostLinkArgs): Promise<ListedLink[]> => {
    // A sitemap file's share reads only its own ids (a hero edit re-renders that one file), and
    // only a sitemap file asks for the dates.
    if (args.idFrom !== undefined || args.idTo !== undefined || args.withUpdatedAt) {
      const window = args.idFrom !== undefined || args.idTo !== undefined;
      // A window is read by its ids (the primary key). Given `published = ?`, SQLite's planner walks
      // the reader-order index over every published post instead: 0.65 ms for a 250-id file of the
      // benchmark's 10,000 posts against 0.2 ms. The unary + keeps the column off that index.
      let query = (window ? publishedById(db, args) : published(db, args)).select([...LINK_COLUMNS]);
      if (args.withUpdatedAt) query = query.select('updatedAt');
      if (args.idFrom !== undefined) query = query.where('id', '>=', args.idFrom);
      if (args.idTo !== undefined) query = query.where('id', '<=', args.idTo);
      return query.orderBy(readerDate, 'desc').orderBy('id', 'desc').execute();
    }
    const links = await everyLink(db);
    return args.type === undefined ? links : links.filter((link) => link.type === args.type);
  },
  listen: linkListTags,
  reads: (args, links) => (args.withUpdatedAt ? links.map((link) => TAG.post(link.id)) : []),
  fingerprint: (links) => new FingerprintLines(links.map(linkPrint)),
});

/** The numbers of the id ranges of `size` ids that hold at least one published post (1 is ids 1 to size). */
export const listPostIdRanges = defineQuery({
  name: 'posts.idRanges',
  run: async (db: Db, args: { size: number }): Promise<number[]> => {
    const rows = await published(db, {})
      .select(sql<number>`(id - 1) / cast(${args.size} as integer) + 1`.as('range'))
      .distinct()
      .orderBy('range')
      .execute();
    return rows.map((row) => Number(row.range));
  },
  listen: () => [TAG.posts],
});

/** The newest published guide of a city, whole: its id is fingerprinted, its fields are a plain read. */
export const getCityGuide = defineQuery({
  name: 'posts.cityGuide',
  run: async (db: Db, args: { cityId: number }): Promise<Post | undefined> => {
    const row = await ordered(db, { cityId: args.cityId, type: 'guide', limit: 1 }).selectAll().executeTakeFirst();
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

/** Every tag page: each tag slug published posts carry, with how many carry it. */
export const listTagPages = defineQuery({
  name: 'tags.pages',
  run: async (db: Db, _args: Record<string, never>): Promise<{ slug: string; count: number }[]> => {
    // Counted as the rows of posts that are not drafts: the few drafts are looked up, and the tags
    // are read in slug order from their index, with no join and no sort (a third of the time of
    // joining every published post at 10,000 posts). Every post_tags row has its post.
    const rows = await db
      .selectFrom('postTags')
      .select(['slug', (eb) => eb.fn.countAll<number>().as('count')])
      .where('postId', 'not in', (eb) => eb.selectFrom('posts').select('id').where('published', '=', 0))
      .groupBy('slug')
      .orderBy('slug')
      .execute();
    return rows.map((row) => ({ slug: row.slug, count: Number(row.count) }));
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
