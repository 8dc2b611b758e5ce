import { createHash } from 'node:crypto';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../db.ts';
import type { CitiesTable, PostsTable, RestaurantsTable, SearchDocumentsTable, SitePagesTable } from '../schema.ts';
import { authorPagePath, canonicalPostPath, sitePagePath } from '@forkcast/shared/urls';
import { readerBodyText, tidyText } from './plain-text.ts';

/**
 * The version of the rules below that turn content into search rows. Raised whenever they change,
 * so every database's rows are brought up to date at its next start (ensureSearchIndex).
 */
const DOCUMENT_RULES_VERSION = 4;

type SearchDocument = Omit<Insertable<SearchDocumentsTable>, 'id'>;
type City = Pick<Selectable<CitiesTable>, 'id' | 'slug' | 'name'>;
type Post = Pick<
  Selectable<PostsTable>,
  'id' | 'slug' | 'title' | 'excerpt' | 'content' | 'type' | 'cityId' | 'published' | 'publishedAt' | 'createdAt'
>;
type Restaurant = Selectable<RestaurantsTable>;

interface Body {
  blocks: { id: number; position: number; content: string }[];
  items: { id: number; type: 'text' | 'image'; content: string; alt: string; position: number }[];
}

const POST_COLUMNS = ['id', 'slug', 'title', 'excerpt', 'content', 'type', 'cityId', 'published', 'publishedAt', 'createdAt'] as const;
// The order every listing uses: the reader date, newest first, then the id.
const readerDate = sql<string>`coalesce(published_at, created_at)`;

function postDocument(post: Post, city: City | undefined, body: Body): SearchDocument {
  return {
    kind: post.type,
    postId: post.id,
    cityId: city?.id ?? null,
    url: canonicalPostPath(post, city),
    title: tidyText(post.title),
    excerpt: tidyText(post.excerpt),
    body: readerBodyText(post.content, body.blocks, body.items),
    city: city?.name ?? '',
    citySlug: city?.slug ?? null,
    date: post.publishedAt ?? post.createdAt,
  };
}

// A restaurant has no page of its own: it leads to the guide whose itinerary lists it.
function restaurantDocument(restaurant: Restaurant, guide: Post, city: City): SearchDocument {
  const day = restaurant.day === null ? undefined : `Day ${restaurant.day}`;
  return {
    kind: 'restaurant',
    postId: guide.id,
    cityId: city.id,
    url: canonicalPostPath(guide, city),
    title: tidyText(restaurant.name),
    // The notes say what to order, as an excerpt does; the facts weigh least, like a body.
    excerpt: tidyText(restaurant.notes ?? ''),
    body: tidyText([restaurant.cuisine, restaurant.neighborhood, restaurant.meal, day, restaurant.address].filter(Boolean).join(' · ')),
    city: city.name,
    citySlug: city.slug,
    date: guide.publishedAt ?? guide.createdAt,
  };
}

/** An author with a page: their name, bio and the date of their newest published post. */
interface AuthorRow {
  id: number;
  name: string;
  slug: string;
  bio: string;
  newest: string;
}

// An author's page: found by their name and bio, dated by their newest post so the most active come first.
function authorDocument(author: AuthorRow): SearchDocument {
  return {
    kind: 'author',
    postId: null,
    cityId: null,
    url: authorPagePath(author.slug),
    title: tidyText(author.name),
    excerpt: tidyText(author.bio),
    body: '',
    city: '',
    citySlug: null,
    date: author.newest,
  };
}

type SitePage = Pick<Selectable<SitePagesTable>, 'slug' | 'title' | 'content' | 'publishedAt' | 'createdAt'>;

// A published page an editor wrote: found by its title and its text, at its own address.
function sitePageDocument(page: SitePage): SearchDocument {
  return {
    kind: 'page',
    postId: null,
    cityId: null,
    url: sitePagePath(page.slug),
    title: tidyText(page.title),
    excerpt: '',
    body: readerBodyText(page.content, [], []),
    city: '',
    citySlug: null,
    date: page.publishedAt ?? page.createdAt,
  };
}

async function sitePageDocuments(db: Db): Promise<SearchDocument[]> {
  const pages = await db
    .selectFrom('sitePages')
    .select(['slug', 'title', 'content', 'publishedAt', 'createdAt'])
    .where('status', '=', 'published')
    .orderBy('id')
    .execute();
  return pages.map(sitePageDocument);
}

/** The authors with a page (a published post: see authors.ts), of these ids or of all. */
async function authorRows(db: Db, ids?: readonly number[]): Promise<AuthorRow[]> {
  let query = db
    .selectFrom('users')
    .innerJoin('postAuthors', 'postAuthors.userId', 'users.id')
    .innerJoin('posts', 'posts.id', 'postAuthors.postId')
    .where('posts.published', '=', 1)
    .select([
      'users.id',
      'users.name',
      'users.slug',
      'users.bio',
      (eb) => eb.fn.max(sql<string>`coalesce(posts.published_at, posts.created_at)`).as('newest'),
    ])
    .groupBy('users.id')
    .orderBy('users.id');
  if (ids) query = query.where('users.id', 'in', [...ids]);
  return (await query.execute()) as AuthorRow[];
}

async function bodiesOf(db: Db, postIds: readonly number[]): Promise<Map<number, Body>> {
  const bodies = new Map<number, Body>(postIds.map((id) => [id, { blocks: [], items: [] }]));
  if (postIds.length === 0) return bodies;
  // One query per table for any number of posts (a full build asks for thousands), as one JSON
  // value rather than a bound value per id, of which SQLite takes a limited number.
  const ids = sql<boolean>`post_id in (select value from json_each(${JSON.stringify(postIds)}))`;
  const blocks = await db.selectFrom('contentBlocks').select(['id', 'postId', 'position', 'content']).where(ids).execute();
  const items = await db.selectFrom('postContentItems').select(['id', 'postId', 'type', 'content', 'alt', 'position']).where(ids).execute();
  for (const block of blocks) bodies.get(block.postId)?.blocks.push(block);
  for (const item of items) bodies.get(item.postId)?.items.push(item);
  return bodies;
}

/**
 * The rows for one city's guide page: the guide it shows (its newest published guide) and, listed
 * on it, each restaurant of the city's itinerary. None while the city has no published guide.
 */
async function cityDocuments(db: Db, cityId: number): Promise<SearchDocument[]> {
  const city = await db.selectFrom('cities').select(['id', 'slug', 'name']).where('id', '=', cityId).executeTakeFirst();
  if (!city) return [];
  const guide = await db
    .selectFrom('posts')
    .select(POST_COLUMNS)
    .where('cityId', '=', cityId)
    .where('type', '=', 'guide')
    .where('published', '=', 1)
    .orderBy(readerDate, 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!guide) return [];
  const bodies = await bodiesOf(db, [guide.id]);
  const restaurants = await db
    .selectFrom('restaurants')
    .selectAll()
    .where('cityId', '=', cityId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return [
    postDocument(guide, city, bodies.get(guide.id)!),
    ...restaurants.map((restaurant) => restaurantDocument(restaurant, guide, city)),
  ];
}

// Posts turned into search rows at a time: a whole archive's rows at once (every body's text) held
// the build's main thread at hundreds of megabytes.
const DOCUMENT_BATCH = 500;

/**
 * Every row the search should hold for the database's content, computed from scratch, in batches
 * (each batch in the order the rows are inserted), so only one batch of bodies is held at a time.
 */
async function* allDocumentBatches(db: Db, batchSize = DOCUMENT_BATCH): AsyncGenerator<SearchDocument[]> {
  const cities = new Map((await db.selectFrom('cities').select(['id', 'slug', 'name']).execute()).map((city) => [city.id, city]));
  const ids = (
    await db.selectFrom('posts').select('id').where('published', '=', 1).orderBy(readerDate, 'desc').orderBy('id', 'desc').execute()
  ).map((post) => post.id);
  const restaurants = new Map<number, Restaurant[]>();
  for (const row of await db.selectFrom('restaurants').selectAll().orderBy('cityId').orderBy('position').orderBy('id').execute()) {
    restaurants.set(row.cityId, [...(restaurants.get(row.cityId) ?? []), row]);
  }
  const guided = new Set<number>();
  for (let start = 0; start < ids.length; start += batchSize) {
    const batch = ids.slice(start, start + batchSize);
    const byId = new Map(
      (
        await db
          .selectFrom('posts')
          .select(POST_COLUMNS)
          .where(sql<boolean>`id in (select value from json_each(${JSON.stringify(batch)}))`)
          .execute()
      ).map((post) => [post.id, post]),
    );
    const bodies = await bodiesOf(db, batch);
    const documents: SearchDocument[] = [];
    for (const id of batch) {
      const post = byId.get(id)!;
      const city = post.cityId === null ? undefined : cities.get(post.cityId);
      if (post.type === 'guide' && city) {
        // Only the newest guide of a city has the guide page; posts come newest first.
        if (guided.has(city.id)) continue;
        guided.add(city.id);
        documents.push(postDocument(post, city, bodies.get(post.id)!));
        for (const restaurant of restaurants.get(city.id) ?? []) documents.push(restaurantDocument(restaurant, post, city));
        continue;
      }
      documents.push(postDocument(post, city, bodies.get(post.id)!));
    }
    yield documents;
  }
  yield [...(await authorRows(db)).map(authorDocument), ...(await sitePageDocuments(db))];
}

/** Every row the search should hold for the database's content, computed from scratch. */
async function allDocuments(db: Db): Promise<SearchDocument[]> {
  const documents: SearchDocument[] = [];
  for await (const batch of allDocumentBatches(db)) documents.push(...batch);
  return documents;
}

async function insertDocuments(db: Db, documents: readonly SearchDocument[]): Promise<void> {
  // SQLite takes at most 32766 bound values in one statement; ten columns a row.
  for (let start = 0; start < documents.length; start += 1000) {
    await db
      .insertInto('searchDocuments')
      .values(documents.slice(start, start + 1000))
      .execute();
  }
}

/** The ids named by the tags of a change (see TAG): posts and bodies, cities and itineraries, authors and their lists. */
function namedIds(tags: readonly string[]): { posts: Set<number>; cities: Set<number>; itineraries: Set<number>; authors: Set<number> } {
  const named = { posts: new Set<number>(), cities: new Set<number>(), itineraries: new Set<number>(), authors: new Set<number>() };
  for (const tag of tags) {
    const match = /^(post|body|city|restaurants|author|posts:author):(\d+)$/.exec(tag);
    if (!match) continue;
    const id = Number(match[2]);
    if (match[1] === 'city') named.cities.add(id);
    else if (match[1] === 'restaurants') named.itineraries.add(id);
    else if (match[1] === 'author' || match[1] === 'posts:author') named.authors.add(id);
    else named.posts.add(id);
  }
  return named;
}

/**
 * Makes the rows of these authors' pages current: an author's name or bio changed (`author:N`), or
 * their list of posts did (`posts:author:N`: their first post published, their last taken down,
 * their newest date moved). Rows are found by page address, which holds the slug the row was made
 * with, so a re-slugged author's old row goes too.
 */
async function refreshAuthorDocuments(db: Db, ids: ReadonlySet<number>): Promise<void> {
  if (ids.size === 0) return;
  const users = await db
    .selectFrom('users')
    .select(['id', 'slug'])
    .where('id', 'in', [...ids])
    .execute();
  const stale = await db.selectFrom('searchDocuments').select(['id', 'url']).where('kind', '=', 'author').execute();
  const current = new Set(users.map((user) => authorPagePath(user.slug)));
  // An author row is this change's when its page is one of these users' now, or no user's any more.
  const everyUrl = new Set((await db.selectFrom('users').select('slug').execute()).map((user) => authorPagePath(user.slug)));
  const gone = stale.filter((row) => current.has(row.url) || !everyUrl.has(row.url)).map((row) => row.id);
  if (gone.length > 0) await db.deleteFrom('searchDocuments').where('id', 'in', gone).execute();
  await insertDocuments(db, (await authorRows(db, [...ids])).map(authorDocument));
}

/**
 * Brings the search rows up to date with a change, inside the change's own transaction, from the
 * tags its repository writes recorded (the tags that also decide which pages are published again):
 * a post or its body (`post:N`, `body:N`), a city (`city:N`: its name and slug are on every row of
 * its posts) or its itinerary (`restaurants:N`), an author or their list of posts (`author:N`,
 * `posts:author:N`), a page an editor wrote (`site-page:N`). So a post is findable the moment its write commits,
 * and no write path keeps the index by hand.
 */
export async function refreshSearchIndex(db: Db, tags: readonly string[]): Promise<void> {
  // Pages are few: a change to any of them makes all their rows again.
  if (tags.some((tag) => tag.startsWith('site-page:'))) {
    await db.deleteFrom('searchDocuments').where('kind', '=', 'page').execute();
    await insertDocuments(db, await sitePageDocuments(db));
  }
  const named = namedIds(tags);
  await refreshAuthorDocuments(db, named.authors);
  const posts = new Set(named.posts);
  const cityPages = new Set([...named.cities, ...named.itineraries]);
  if (named.cities.size > 0) {
    const cityIds = [...named.cities];
    for (const row of await db.selectFrom('posts').select('id').where('cityId', 'in', cityIds).execute()) posts.add(row.id);
    for (const row of await db.selectFrom('searchDocuments').select('postId').where('cityId', 'in', cityIds).execute()) {
      if (row.postId !== null) posts.add(row.postId);
    }
  }
  if (posts.size === 0 && cityPages.size === 0) return;

  const postIds = [...posts];
  if (postIds.length > 0) {
    // A guide with a city is indexed with its city's guide page, before and after the change.
    for (const row of await db
      .selectFrom('searchDocuments')
      .select('cityId')
      .where('postId', 'in', postIds)
      .where('kind', '=', 'guide')
      .where('cityId', 'is not', null)
      .execute()) {
      cityPages.add(row.cityId!);
    }
    const stored = await db
      .selectFrom('searchDocuments')
      .selectAll()
      .where('postId', 'in', postIds)
      .where('kind', '!=', 'restaurant')
      .execute();
    const current = await db.selectFrom('posts').select(POST_COLUMNS).where('id', 'in', postIds).execute();
    const standalone = current.filter((post) => {
      if (post.type === 'guide' && post.cityId !== null) {
        cityPages.add(post.cityId);
        return false;
      }
      return post.published === 1;
    });
    const cityIds = [...new Set(standalone.map((post) => post.cityId).filter((id) => id !== null))];
    const cities = new Map(
      cityIds.length === 0
        ? []
        : (await db.selectFrom('cities').select(['id', 'slug', 'name']).where('id', 'in', cityIds).execute()).map((city) => [
            city.id,
            city,
          ]),
    );
    const bodies = await bodiesOf(
      db,
      standalone.map((post) => post.id),
    );
    const fresh = standalone.map((post) =>
      postDocument(post, post.cityId === null ? undefined : cities.get(post.cityId), bodies.get(post.id)!),
    );
    // A row that would be written again as it is stays: a change of what search does not show (a
    // hero image, the search and social fields) rewrites no index pages (FTS5's secure-delete
    // rewrites every page that holds one of a removed row's words).
    const standing = new StandingRows();
    for (const { id, key } of stored.map(keyedRow)) standing.add(key, id);
    const added = fresh.filter((document) => !standing.take(documentKey(document)));
    const gone = standing.left();
    if (gone.length > 0) await db.deleteFrom('searchDocuments').where('id', 'in', gone).execute();
    await insertDocuments(db, added);
  }
  for (const cityId of cityPages) {
    await db.deleteFrom('searchDocuments').where('cityId', '=', cityId).where('kind', 'in', ['guide', 'restaurant']).execute();
    await insertDocuments(db, await cityDocuments(db, cityId));
  }
}

const documentKey = (document: SearchDocument) =>
  JSON.stringify([
    document.kind,
    document.postId,
    document.cityId,
    document.url,
    document.title,
    document.excerpt,
    document.body,
    document.city,
    document.citySlug,
    document.date,
  ]);

/** A stored row as its id and its JSON key. */
const keyedRow = ({ id, ...document }: Selectable<SearchDocumentsTable>) => ({ id, key: documentKey(document) });

/** The stored rows by id, a batch at a time, each as its JSON key. */
async function* storedDocumentBatches(db: Db, batchSize = DOCUMENT_BATCH): AsyncGenerator<{ id: number; key: string }[]> {
  for (let after = 0; ; ) {
    const rows = await db.selectFrom('searchDocuments').selectAll().where('id', '>', after).orderBy('id').limit(batchSize).execute();
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    yield rows.map(keyedRow);
  }
}

/**
 * Stored search rows by key, for a refresh or a rebuild that keeps the rows it would write again as
 * they are: each wanted row takes one stored row of its key, if one is left; the rows none took are
 * the ones to delete.
 */
class StandingRows {
  readonly #ids = new Map<string, number[]>();

  add(key: string, id: number): void {
    const ids = this.#ids.get(key);
    if (ids) ids.push(id);
    else this.#ids.set(key, [id]);
  }

  /** Whether a stored row with this key was left, taking it. */
  take(key: string): boolean {
    return this.#ids.get(key)?.pop() !== undefined;
  }

  /** The ids of the stored rows no wanted row took. */
  left(): number[] {
    return [...this.#ids.values()].flat();
  }
}

const keyDigest = (key: string) => createHash('sha256').update(key).digest('base64');

/**
 * What the stored search rows lack and hold in excess compared with rows computed from scratch
 * (each as its JSON key), after FTS5's own check that its index matches those rows. Both lists are
 * empty when every write kept the index current.
 */
export async function searchIndexDrift(db: Db): Promise<{ missing: string[]; extra: string[] }> {
  await sql`insert into search_index (search_index, rank) values ('integrity-check', 1)`.execute(db);
  const wanted = (await allDocuments(db)).map(documentKey).sort();
  const stored: string[] = [];
  for await (const rows of storedDocumentBatches(db)) for (const row of rows) stored.push(row.key);
  stored.sort();
  const count = (keys: string[]) => keys.reduce((counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1), new Map<string, number>());
  const have = count(stored);
  const want = count(wanted);
  const missing = [...want].flatMap(([key, n]) => Array<string>(Math.max(0, n - (have.get(key) ?? 0))).fill(key));
  const extra = [...have].flatMap(([key, n]) => Array<string>(Math.max(0, n - (want.get(key) ?? 0))).fill(key));
  return { missing, extra };
}

/**
 * Makes the search rows exactly those computed from scratch, changing only the rows that differ
 * (none when the index was current; all of them into an empty one), and records the rules' version.
 * Run it inside a transaction: readers keep the previous index until it commits.
 */
export async function rebuildSearchIndex(
  db: Db,
  now: string,
  { batchSize = DOCUMENT_BATCH }: { batchSize?: number } = {},
): Promise<{ documents: number; changed: number }> {
  // Stored rows are known by a digest of their key: the keys themselves are every body's text again.
  const standing = new StandingRows();
  for await (const rows of storedDocumentBatches(db, batchSize)) for (const row of rows) standing.add(keyDigest(row.key), row.id);
  let documents = 0;
  let inserted = 0;
  // New rows go in batch by batch, in the order computed; deleting the excess afterwards instead of
  // first changes only the new rows' ids, not their order after every kept row (the search's newest first).
  for await (const wanted of allDocumentBatches(db, batchSize)) {
    const toInsert: SearchDocument[] = [];
    for (const document of wanted) if (!standing.take(keyDigest(documentKey(document)))) toInsert.push(document);
    await insertDocuments(db, toInsert);
    documents += wanted.length;
    inserted += toInsert.length;
  }
  const toDelete = standing.left();
  for (let start = 0; start < toDelete.length; start += 1000) {
    await db
      .deleteFrom('searchDocuments')
      .where('id', 'in', toDelete.slice(start, start + 1000))
      .execute();
  }
  if (inserted + toDelete.length > 0) await sql`insert into search_index (search_index) values ('optimize')`.execute(db);
  await db
    .insertInto('searchState')
    .values({ id: 1, version: DOCUMENT_RULES_VERSION, builtAt: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ version: DOCUMENT_RULES_VERSION, builtAt: now }))
    .execute();
  return { documents, changed: inserted + toDelete.length };
}

/**
 * Builds the search rows of a database that has none yet (created before search existed, or filled
 * without the write path, as a benchmark's is) or whose rows follow older rules; otherwise does nothing.
 */
export async function ensureSearchIndex(db: Db, now: string): Promise<boolean> {
  const state = await db.selectFrom('searchState').select('version').where('id', '=', 1).executeTakeFirst();
  if (state?.version === DOCUMENT_RULES_VERSION) return false;
  await db.transaction().execute((trx) => rebuildSearchIndex(trx, now));
  return true;
}

/** Empties the search rows and forgets the rules' version, so the next build starts from nothing (what a benchmark times). */
export async function clearSearchIndex(db: Db): Promise<void> {
  await db.deleteFrom('searchDocuments').execute();
  await db.deleteFrom('searchState').execute();
  await sql`insert into search_index (search_index) values ('optimize')`.execute(db);
}

/** Bytes of the database file the search takes: its rows, the FTS5 index and their indexes. */
export async function searchIndexBytes(db: Db): Promise<number> {
  const { rows } = await sql<{ bytes: number | null }>`
    select sum(pgsize) as bytes from dbstat
    where name like 'search_index%' or name like 'search_documents%' or name like 'search_facets%'
  `.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}
