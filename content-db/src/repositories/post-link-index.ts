import { createHash } from 'node:crypto';
import { sqliteRows, type Db } from '../db.ts';
import { sharedRead } from '../queries.ts';
import type { PostType } from '../schema.ts';
import { dated, readerDate, type PostListArgs } from './published-posts.ts';

/**
 * Every dated post's link in reader order (every published post, and every draft that was published
 * once and keeps its date), kept in memory between publishes and patched from the post link log, and
 * the lists of ids cut from it for every listing but a city's. The published ones are what readers
 * see; the dated drafts keep their places in the archives (see listSlotIds).
 */

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

/** With `withUpdatedAt` (a sitemap file's list), also its last change and whether it is kept out of search (1). */
export type ListedLink = PostLink & { updatedAt?: string; noindex?: number };

export const LINK_COLUMNS = ['id', 'slug', 'title', 'type', 'cityId', 'publishedAt', 'createdAt'] as const;

// The links of dated drafts: in the archives' places, never shown.
const draftLinks = new WeakSet<PostLink>();

/** Every dated post's link in reader order, as of the last entry of the post link log it read. */
interface LinkIndex {
  seq: number;
  links: PostLink[];
}

// Per connection: each reads the same file, but may be ahead of or behind another by a write. The
// last read's promise, which the next one starts from: reads asked for together outside a publish
// (the routes as the server starts) wait for one read instead of each reading every link.
const linkIndexes = new WeakMap<Db, Promise<LinkIndex | undefined>>();

// Connections that keep only the order of the links between reads (see keepLinkOrderOnly).
const orderOnly = new WeakSet<Db>();

/**
 * Marks a connection that renders each page once (a render thread): between reads it keeps only the
 * order of the links (each one's id, type and whether it is a draft: a few bytes a post), which
 * every archive page cuts its window from, and reads the links themselves (their slugs, titles and
 * dates: some 280 bytes a post) only for a page that lists them all (the redirects file), without
 * keeping them. The server keeps the links, patched from the log, for the routes of every publish.
 */
export function keepLinkOrderOnly(db: Db): void {
  orderOnly.add(db);
}

// Past this many changed posts the list is read again whole rather than patched.
const MAX_PATCHED_LINKS = 500;

/** The dated links of these posts (all of them without `ids`), in reader order. */
async function readLinks(db: Db, ids?: readonly number[]): Promise<PostLink[]> {
  let query = dated(db)
    .select([...LINK_COLUMNS, 'published'])
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
      // The one string per type, not one per row as SQLite hands them over: 100,000 links held 2 MB of copies.
      type: TYPES[typeCode(row.type)]!,
      cityId: row.city_id,
      publishedAt: row.published_at,
      createdAt: row.created_at,
    };
    if (row.published !== 1) draftLinks.add(link);
    return link;
  });
}

/** Whether link `a` comes before `b` in reader order (newest first, then the higher id). */
function readsBefore(a: PostLink, b: PostLink): boolean {
  const [dateA, dateB] = [a.publishedAt ?? a.createdAt, b.publishedAt ?? b.createdAt];
  return dateA === dateB ? a.id > b.id : dateA > dateB;
}

/**
 * A list's links as columns, one entry per link in the list's order: what the cuts (by type, by tag,
 * by id range, the drafts) read, so they pass over a few contiguous arrays rather than over 100,000
 * link objects spread through the heap. A list patched from another gets its columns patched too.
 */
export interface LinkColumns {
  ids: Int32Array;
  /** Each link's type as its place in TYPES. */
  types: Uint8Array;
  /** 1 for a dated draft's link. */
  drafts: Uint8Array;
}

// Every type has a code (TypeScript checks that none is missing).
const TYPE_CODES: Record<PostType, number> = { post: 0, guide: 1 };
const TYPES = Object.keys(TYPE_CODES) as PostType[];
const typeCode = (type: PostType): number => TYPE_CODES[type];

const linkColumns = new WeakMap<readonly PostLink[], LinkColumns>();

/** The columns of a list of links: kept with it, or worked out once from its links. */
function columnsOf(links: readonly PostLink[]): LinkColumns {
  let columns = linkColumns.get(links);
  if (!columns) {
    columns = { ids: new Int32Array(links.length), types: new Uint8Array(links.length), drafts: new Uint8Array(links.length) };
    for (let i = 0; i < links.length; i++) {
      const link = links[i]!;
      columns.ids[i] = link.id;
      columns.types[i] = typeCode(link.type);
      columns.drafts[i] = draftLinks.has(link) ? 1 : 0;
    }
    linkColumns.set(links, columns);
  }
  return columns;
}

/** A slice of a list's links: `list[start..end)`. */
type Slice = readonly [list: readonly PostLink[], start: number, end: number];

/** The links of `slices` in order, as one list with its columns. */
function joinSlices(slices: readonly Slice[]): PostLink[] {
  const length = slices.reduce((sum, [, start, end]) => sum + Math.max(0, end - start), 0);
  const columns: LinkColumns = { ids: new Int32Array(length), types: new Uint8Array(length), drafts: new Uint8Array(length) };
  const parts: PostLink[][] = [];
  let at = 0;
  for (const [list, start, end] of slices) {
    if (end <= start) continue;
    parts.push(list.slice(start, end));
    const from = columnsOf(list);
    for (const key of ['ids', 'types', 'drafts'] as const) columns[key].set(from[key].subarray(start, end), at);
    at += end - start;
  }
  const joined = ([] as PostLink[]).concat(...parts);
  linkColumns.set(joined, columns);
  return joined;
}

/**
 * `links` without the posts of `changed`, with `fresh` (their links now, in reader order) put in
 * place. The kept links are copied in slices between the places of the changed ones (found by id) and
 * of the fresh ones (found by a binary search in reader order), so a write patches the list of every
 * post's link in a few copies of arrays without looking at each link.
 */
function patchLinks(links: readonly PostLink[], changed: ReadonlySet<number>, fresh: readonly PostLink[]): PostLink[] {
  const places = placesById(columnsOf(links));
  const gone = [...changed]
    .map((id) => places[id] ?? -1)
    .filter((place) => place >= 0)
    .sort((a, b) => a - b);
  const slices: Slice[] = [];
  let next = 0;
  let g = 0;
  // The links before `end` not yet taken, without the changed ones.
  const keepUntil = (end: number) => {
    for (; g < gone.length && gone[g]! < end; g++) {
      slices.push([links, next, gone[g]!]);
      next = gone[g]! + 1;
    }
    slices.push([links, next, end]);
    next = Math.max(next, end);
  };
  for (const [i, link] of fresh.entries()) {
    // After every link that reads before it (the changed ones are left out, wherever they were).
    let [low, high] = [next, links.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (readsBefore(links[middle]!, link)) low = middle + 1;
      else high = middle;
    }
    keepUntil(low);
    slices.push([fresh, i, i + 1]);
  }
  keepUntil(links.length);
  return joinSlices(slices);
}

/** The first and the last entry of the post link log (0 when it is empty). */
async function logBounds(db: Db): Promise<{ first: number; last: number }> {
  // Each bound in a query of its own, which SQLite answers from the key's b-tree in a step: asked
  // together, it read every entry of the log, on every publish.
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
  return { first: bounds.first ?? 0, last: bounds.last ?? 0 };
}

/** The list as of the log's last entry now: patched with the posts changed since `known`, or read whole. */
async function currentLinks(db: Db, known: LinkIndex | undefined): Promise<LinkIndex> {
  const { first, last } = await logBounds(db);
  if (known && known.seq === last) return known;
  // Read whole the first time, after the log was emptied or cut past what is known, or when much changed.
  const usable = known && known.seq < last && first <= known.seq + 1;
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

/** Every dated post's link, newest first, read once per publish (see everyLink). */
function everyDatedLink(db: Db): Promise<PostLink[]> {
  return sharedRead(db, 'posts.links', async () => {
    if (orderOnly.has(db)) return readLinks(db);
    const previous = linkIndexes.get(db);
    const index = (async () => currentLinks(db, await previous))();
    // A failed read leaves the next one to start from what was known before it.
    linkIndexes.set(
      db,
      index.catch(() => previous),
    );
    return (await index).links;
  });
}

/** The order of every dated post as of the log's last entry, on a connection that keeps only that. */
interface LinkOrder {
  seq: number;
  columns: LinkColumns;
}

const linkOrders = new WeakMap<Db, LinkOrder>();

/** The columns of every dated link in reader order, read whole (a render thread reads them once). */
async function readOrder(db: Db): Promise<LinkColumns> {
  const rows = await sqliteRows<{ id: number; type: PostType; published: number }>(
    db,
    dated(db).select(['id', 'type', 'published']).orderBy(readerDate, 'desc').orderBy('id', 'desc'),
  );
  const columns: LinkColumns = {
    ids: new Int32Array(rows.length),
    types: new Uint8Array(rows.length),
    drafts: new Uint8Array(rows.length),
  };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    columns.ids[i] = row.id;
    columns.types[i] = typeCode(row.type);
    columns.drafts[i] = row.published === 1 ? 0 : 1;
  }
  return columns;
}

/**
 * Every dated post's place in reader order, as columns: those of the links kept, or on a connection
 * that keeps only the order (see keepLinkOrderOnly), the order itself.
 */
function datedOrder(db: Db): Promise<LinkColumns> {
  if (!orderOnly.has(db)) return everyDatedLink(db).then(columnsOf);
  return sharedRead(db, 'posts.order', async () => {
    const { last } = await logBounds(db);
    const known = linkOrders.get(db);
    if (known?.seq === last) return known.columns;
    // Read whole after any change: a connection that keeps only the order renders a publish's pages once.
    const columns = await readOrder(db);
    linkOrders.set(db, { seq: last, columns });
    return columns;
  });
}

// The published posts' columns of a dated list's columns, worked out once per list.
const publishedColumns = new WeakMap<LinkColumns, LinkColumns>();

/** Every published post's place in reader order, as columns (the dated drafts left out). */
export async function publishedOrder(db: Db): Promise<LinkColumns> {
  if (!orderOnly.has(db)) return columnsOf(await everyLink(db));
  const dates = await datedOrder(db);
  let listed = publishedColumns.get(dates);
  if (!listed) {
    const { ids, types, drafts } = dates;
    const isPublished = (_: number, i: number) => drafts[i] === 0;
    if (drafts.includes(1)) {
      const kept = ids.filter(isPublished);
      listed = { ids: kept, types: types.filter(isPublished), drafts: new Uint8Array(kept.length) };
    } else listed = dates;
    publishedColumns.set(dates, listed);
  }
  return listed;
}

// The published links of a list of dated links, worked out once per list.
const publishedLinks = new WeakMap<readonly PostLink[], PostLink[]>();

/**
 * Every published post's link, newest first, read once per publish for every list cut from it
 * (the routes, /sitemap, _redirects). Kept between publishes and patched with the posts the link
 * log says changed since, so a new post reads its own link, not every post's. The log is read
 * before the links: a write committed in between is in the log after what this list says it has
 * seen, and is read again by the next call.
 */
export async function everyLink(db: Db): Promise<PostLink[]> {
  const links = await everyDatedLink(db);
  let listed = publishedLinks.get(links);
  if (!listed) {
    const { drafts } = columnsOf(links);
    listed = drafts.includes(1) ? joinSlices(publishedSlices(links, drafts)) : links;
    publishedLinks.set(links, listed);
  }
  return listed;
}

/** The slices of `links` between its dated drafts. */
function publishedSlices(links: readonly PostLink[], drafts: Uint8Array): Slice[] {
  const slices: Slice[] = [];
  let start = 0;
  for (let place = drafts.indexOf(1); place >= 0; place = drafts.indexOf(1, place + 1)) {
    slices.push([links, start, place]);
    start = place + 1;
  }
  slices.push([links, start, links.length]);
  return slices;
}

interface LinkRow {
  id: number;
  slug: string;
  title: string;
  type: PostType;
  city_id: number | null;
  published_at: string | null;
  created_at: string;
  published: number;
}

/**
 * What a page sees of a link, as one line: the fingerprint of a list of links is its lines. Made when
 * its run is hashed, not kept: a line kept for each of every post's links made the heap each full
 * collection marks larger by one string and one weak entry per post.
 */
function linkPrint(link: ListedLink): string {
  return JSON.stringify([link.id, link.slug, link.title, link.type, link.cityId, link.publishedAt, link.createdAt, link.updatedAt]);
}

// A list's links are hashed in runs, each ending after a link whose id is a multiple of this: where
// a run ends depends on the links only, so a post added, removed or changed changes its own run,
// and the others' digests are found again by comparing the objects, not hashing their lines.
const RUN_ENDS = 64;
// The last few runs that started with a link (lists of one type share links with the whole list).
const KEPT_RUNS = 4;

interface Run {
  links: readonly ListedLink[];
  digest: string;
}

const runsByFirst = new WeakMap<ListedLink, Run[]>();

/** The digest of the run `links[from..to]`, kept with its first link for the next list that holds the same run. */
function runDigest(links: readonly ListedLink[], from: number, to: number): string {
  const first = links[from]!;
  const kept = runsByFirst.get(first) ?? [];
  const found = kept.find((run) => run.links.length === to - from && run.links.every((link, i) => link === links[from + i]));
  if (found) return found.digest;
  const sha1 = createHash('sha1');
  for (let i = from; i < to; i++) sha1.update(linkPrint(links[i]!)).update('\n');
  const run = { links: links.slice(from, to), digest: sha1.digest('base64url') };
  runsByFirst.set(first, [run, ...kept].slice(0, KEPT_RUNS));
  return run.digest;
}

/** What a page sees of a list of links, as one digest of their lines in order (a list's fingerprint). */
export function linksDigest(links: readonly ListedLink[]): string {
  const whole = createHash('sha1').update(String(links.length));
  let from = 0;
  for (let i = 0; i < links.length; i++) {
    if (links[i]!.id % RUN_ENDS !== 0 && i < links.length - 1) continue;
    whole.update(runDigest(links, from, i + 1));
    from = i + 1;
  }
  return whole.digest('base64url');
}

/** The ids of the posts filed under a tag (published or not), read once per memo. */
function taggedIds(db: Db, slug: string): Promise<ReadonlySet<number>> {
  return sharedRead(db, `posts.tagged ${JSON.stringify(slug)}`, async () => {
    const rows = await sqliteRows<{ post_id: number }>(db, db.selectFrom('postTags').select('postId').where('slug', '=', slug));
    return new Set(rows.map((row) => row.post_id));
  });
}

/** The ids of every published post (of a type, of a tag) in a list's order, from the list of every post's link. */
export function listedIds(db: Db, args: Pick<PostListArgs, 'type' | 'tagSlug' | 'order'>): Promise<readonly number[]> {
  return cutIds(db, args, false);
}

/**
 * The archives' places (of a type, of a tag) in a list's order: the ids of every dated post, the
 * drafts that were published once included. An archive page is a window of places, so unpublishing
 * a post empties its place on one page and moves no other post to another page; publishing it
 * again, with the date it keeps, fills the same place.
 */
export function listSlotIds(db: Db, args: Pick<PostListArgs, 'type' | 'tagSlug' | 'order'>): Promise<readonly number[]> {
  return cutIds(db, args, true);
}

/**
 * What gives, for a list of ids, those whose posts are published (not dated drafts), in the same
 * order: read once for the thousands of archive windows a new post re-checks, each then filtered
 * without an await (and copied only when it holds a draft).
 */
export async function publishedFilter(db: Db): Promise<(ids: readonly number[]) => readonly number[]> {
  const drafts = draftIds(await datedOrder(db));
  return (ids) => (drafts.size > 0 && ids.some((id) => drafts.has(id)) ? ids.filter((id) => !drafts.has(id)) : ids);
}

const draftIdSets = new WeakMap<LinkColumns, ReadonlySet<number>>();

/** The ids of the dated drafts of a list: few, as drafts that were published once are. */
function draftIds(columns: LinkColumns): ReadonlySet<number> {
  let ids = draftIdSets.get(columns);
  if (!ids) {
    const { ids: linkIds, drafts } = columns;
    const found = new Set<number>();
    for (let place = drafts.indexOf(1); place >= 0; place = drafts.indexOf(1, place + 1)) found.add(linkIds[place]!);
    draftIdSets.set(columns, (ids = found));
  }
  return ids;
}

function cutIds(db: Db, args: Pick<PostListArgs, 'type' | 'tagSlug' | 'order'>, slots: boolean): Promise<readonly number[]> {
  // A listing's pages, its count and its re-check all ask for the same list: cut it once per memo.
  const key = JSON.stringify([args.type ?? null, args.tagSlug ?? null, args.order === 'oldest', slots]);
  return sharedRead(db, `posts.listed ${key}`, async () => {
    const columns = slots ? await datedOrder(db) : await publishedOrder(db);
    const ids =
      args.tagSlug === undefined ? typeIds(columns, args.type) : taggedInOrder(columns, await taggedIds(db, args.tagSlug), args.type);
    // Every link comes newest first (then the higher id): oldest first is that order reversed.
    return args.order === 'oldest' ? ids.toReversed() : ids;
  });
}

// Derived from the columns of one list of every post's link, which are never changed: a change of
// the links makes new ones (patchLinks, readOrder), and these are worked out again for them.
const typeLists = new WeakMap<LinkColumns, Map<PostType | undefined, readonly number[]>>();
const linkPlaces = new WeakMap<LinkColumns, Int32Array>();

/** The ids of every link (of a type) in the list's order, cut once per list. */
function typeIds(columns: LinkColumns, type: PostType | undefined): readonly number[] {
  let lists = typeLists.get(columns);
  if (!lists) {
    // Every type's list in one pass over the columns, into arrays sized first and filled by index
    // (no iterator, and no array grown and copied as it fills).
    const { ids, types } = columns;
    const sizes = TYPES.map(() => 0);
    for (const code of types) sizes[code]!++;
    const all = new Array<number>(ids.length);
    const byType = sizes.map((size) => new Array<number>(size));
    const filled = TYPES.map(() => 0);
    for (let i = 0; i < ids.length; i++) {
      all[i] = ids[i]!;
      byType[types[i]!]![filled[types[i]!]!++] = ids[i]!;
    }
    lists = new Map<PostType | undefined, readonly number[]>([
      [undefined, all],
      ...TYPES.map((one, code) => [one, byType[code]!] as const),
    ]);
    typeLists.set(columns, lists);
  }
  return lists.get(type) ?? [];
}

/**
 * Each link's place in a list, indexed by post id (-1 for a post that is not listed). Post ids are
 * SQLite's autoincrement keys, handed out one after another, so the array is about as long as the
 * number of posts ever written.
 */
function placesById(columns: LinkColumns): Int32Array {
  let places = linkPlaces.get(columns);
  if (!places) {
    const { ids } = columns;
    places = new Int32Array(ids.reduce((most, id) => Math.max(most, id), 0) + 1).fill(-1);
    for (let place = 0; place < ids.length; place++) places[ids[place]!] = place;
    linkPlaces.set(columns, places);
  }
  return places;
}

/**
 * The published ones of `tagged` (of a type) in the list's order. A tag files a small share of the
 * posts, so they are placed by their index in the list rather than found by a pass over all its links.
 */
function taggedInOrder(columns: LinkColumns, tagged: ReadonlySet<number>, type: PostType | undefined): readonly number[] {
  const found = new Int32Array(tagged.size);
  let count = 0;
  const places = placesById(columns);
  const { ids, types } = columns;
  const code = type === undefined ? -1 : typeCode(type);
  for (const id of tagged) {
    const place = places[id] ?? -1;
    if (place >= 0 && (code < 0 || types[place] === code)) found[count++] = place;
  }
  // A typed array sorts numerically with no comparator called for each pair.
  const sorted = found.subarray(0, count).sort();
  const inOrder = new Array<number>(count);
  for (let i = 0; i < count; i++) inOrder[i] = ids[sorted[i]!]!;
  return inOrder;
}

/**
 * How many links (of a type) each range of `size` ids holds, indexed by range number (1 is ids 1 to
 * `size`), counted from the list's columns.
 */
export function idRangeCounts(columns: LinkColumns, size: number, type: PostType | undefined): Int32Array {
  const { ids, types } = columns;
  const most = ids.reduce((highest, id) => Math.max(highest, id), 0);
  const counts = new Int32Array(Math.floor((most - 1) / size) + 2);
  const code = type === undefined ? -1 : typeCode(type);
  for (let i = 0; i < ids.length; i++) if (code < 0 || types[i] === code) counts[Math.floor((ids[i]! - 1) / size) + 1]!++;
  return counts;
}

/** The links of a type, in the list's order. */
export function linksOfType(links: readonly PostLink[], type: PostType): PostLink[] {
  const { types } = columnsOf(links);
  const code = typeCode(type);
  return links.filter((_, i) => types[i] === code);
}
