import { chunks, MAX_PARAMETERS_PER_STATEMENT } from '../chunks.ts';
import { sql } from 'kysely';
import { sqliteRows, type Db } from '../db.ts';
import type { QueryRead } from '../tracking.ts';

/** A rendered page as the publisher keeps track of it: what it wrote, and what it read. */
export interface RenderedPage {
  path: string;
  contentHash: string;
  /** Plain reads: a write of any of these re-renders the page. */
  tags: string[];
  /** Conditional reads: a write of a listened tag re-renders the page only if the fingerprint changed. */
  queries?: QueryRead[];
}

// Rows of `columns` parameters each, as many per statement as SQLite allows.
const rowsPerStatement = (columns: number) => Math.floor(MAX_PARAMETERS_PER_STATEMENT / columns);

/** The ids of these query keys, adding the keys not stored yet. */
async function queryIds(db: Db, keys: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const slice of chunks(keys)) {
    const rows = await db.selectFrom('queries').select(['id', 'key']).where('key', 'in', slice).execute();
    for (const row of rows) ids.set(row.key, row.id);
  }
  const missing = keys.filter((key) => !ids.has(key));
  for (const slice of chunks(missing)) {
    const rows = await db
      .insertInto('queries')
      .values(slice.map((key) => ({ key })))
      .returning(['id', 'key'])
      .execute();
    for (const row of rows) ids.set(row.key, row.id);
  }
  return ids;
}

/** The queries these pages read. */
async function queriesReadBy(db: Db, paths: readonly string[]): Promise<number[]> {
  const ids = new Set<number>();
  for (const slice of chunks(paths)) {
    for (const row of await db.selectFrom('pageQueries').select('queryId').distinct().where('path', 'in', slice).execute())
      ids.add(row.queryId);
  }
  return [...ids];
}

/** Deletes those of these queries that no page reads any more. */
async function dropUnreadQueries(db: Db, ids: readonly number[]): Promise<void> {
  for (const slice of chunks(ids)) {
    await db
      .deleteFrom('queries')
      .where('id', 'in', slice)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('pageQueries').select('pageQueries.path').whereRef('pageQueries.queryId', '=', 'queries.id'))),
      )
      .execute();
  }
}

/**
 * Makes each page's rows of `page_tags` its tags, touching only the rows that differ: a page
 * re-rendered for a new post reads almost the same tags as before (the home page its 200 cities and
 * the cards it shows, one of them new), and rewriting all of them was a third of what recording a
 * new post's pages cost, and most of what grew the WAL that each commit then checkpoints.
 */
async function replaceTags(db: Db, pages: readonly RenderedPage[]): Promise<void> {
  const before = new Map<string, Set<string>>();
  for (const slice of chunks(pages.map((page) => page.path))) {
    const rows = await sqliteRows<{ path: string; tag: string }>(
      db,
      db.selectFrom('pageTags').select(['path', 'tag']).where('path', 'in', slice),
    );
    for (const row of rows) {
      const tags = before.get(row.path);
      if (tags) tags.add(row.tag);
      else before.set(row.path, new Set([row.tag]));
    }
  }
  const added: { path: string; tag: string }[] = [];
  for (const page of pages) {
    const now = new Set(page.tags);
    const then = before.get(page.path) ?? new Set<string>();
    for (const tag of now) if (!then.has(tag)) added.push({ path: page.path, tag });
    const removed = [...then].filter((tag) => !now.has(tag));
    for (const slice of chunks(removed)) await db.deleteFrom('pageTags').where('path', '=', page.path).where('tag', 'in', slice).execute();
  }
  for (const slice of chunks(added, rowsPerStatement(2))) await db.insertInto('pageTags').values(slice).execute();
}

/**
 * Records rendered pages: each one's hash and the reads it made, replacing what it read before,
 * and for each query read the tags it now listens to; a query no page reads any more is dropped.
 * Many pages at once cost a few statements, not a few per page. Run it inside a transaction.
 */
export async function recordPages(db: Db, pages: readonly RenderedPage[], now: string): Promise<void> {
  if (pages.length === 0) return;
  const paths = pages.map((page) => page.path);
  const readBefore = await queriesReadBy(db, paths);
  for (const slice of chunks(pages, rowsPerStatement(3))) {
    await db
      .insertInto('pages')
      .values(slice.map((page) => ({ path: page.path, contentHash: page.contentHash, renderedAt: now })))
      .onConflict((oc) => oc.column('path').doUpdateSet((eb) => ({ contentHash: eb.ref('excluded.contentHash'), renderedAt: now })))
      .execute();
  }
  for (const slice of chunks(paths)) await db.deleteFrom('pageQueries').where('path', 'in', slice).execute();
  await replaceTags(db, pages);

  const reads = new Map<string, QueryRead>();
  for (const page of pages) for (const read of page.queries ?? []) reads.set(read.key, read);
  const ids = await queryIds(db, [...reads.keys()]);
  for (const slice of chunks([...ids.values()])) await db.deleteFrom('queryListens').where('queryId', 'in', slice).execute();
  const listenRows = [...reads.values()].flatMap((read) => [...new Set(read.listen)].map((tag) => ({ tag, queryId: ids.get(read.key)! })));
  for (const slice of chunks(listenRows, rowsPerStatement(2))) await db.insertInto('queryListens').values(slice).execute();
  const pageQueryRows = pages.flatMap((page) =>
    (page.queries ?? []).map((read) => ({ path: page.path, queryId: ids.get(read.key)!, fingerprint: read.fingerprint })),
  );
  for (const slice of chunks(pageQueryRows, rowsPerStatement(3))) await db.insertInto('pageQueries').values(slice).execute();
  await dropUnreadQueries(db, readBefore);
}

/** Forgets pages whose routes are gone: their reads go with them, and queries nobody reads any more. */
export async function forgetPages(db: Db, paths: readonly string[]): Promise<void> {
  const readBefore = await queriesReadBy(db, paths);
  for (const slice of chunks(paths)) await db.deleteFrom('pages').where('path', 'in', slice).execute();
  await dropUnreadQueries(db, readBefore);
}

/** Recorded pages (all, or just `paths`) with the hash of what was last written for each. */
export async function pageHashes(db: Db, paths?: readonly string[]): Promise<Map<string, string>> {
  const query = db.selectFrom('pages').select(['path', 'contentHash as hash']);
  const rows: { path: string; hash: string }[] = [];
  if (paths) for (const slice of chunks(paths)) rows.push(...(await query.where('path', 'in', slice).execute()));
  else rows.push(...(await sqliteRows<{ path: string; hash: string }>(db, query)));
  return new Map(rows.map((row) => [row.path, row.hash]));
}

/** The paths of every recorded page: which routes the site folder holds. */
export async function recordedPaths(db: Db): Promise<Set<string>> {
  const rows = await sqliteRows<{ path: string }>(db, db.selectFrom('pages').select('path'));
  return new Set(rows.map((row) => row.path));
}

/** Paths of the pages that read any of the given tags plainly. */
export async function pagesReadingTags(db: Db, tags: readonly string[]): Promise<string[]> {
  const paths = new Set<string>();
  for (const slice of chunks(tags)) {
    const rows = await db.selectFrom('pageTags').select('path').distinct().where('tag', 'in', slice).execute();
    for (const row of rows) paths.add(row.path);
  }
  return [...paths].sort();
}

/** The stored queries that listen to any of the given tags: what a write of them makes the publisher re-run. */
export async function queriesListeningTo(db: Db, tags: readonly string[]): Promise<{ id: number; key: string }[]> {
  const found = new Map<number, string>();
  for (const slice of chunks(tags)) {
    const rows = await db
      .selectFrom('queryListens')
      .innerJoin('queries', 'queries.id', 'queryListens.queryId')
      .select(['queries.id', 'queries.key'])
      .distinct()
      .where('queryListens.tag', 'in', slice)
      .execute();
    for (const row of rows) found.set(row.id, row.key);
  }
  return [...found].map(([id, key]) => ({ id, key }));
}

/**
 * Paths of the pages that read one of these queries and saw another result than its fingerprint
 * now (every reader of a query whose fingerprint is undefined: it no longer exists).
 */
export async function pagesWithStaleQueries(db: Db, fingerprints: ReadonlyMap<number, string | undefined>): Promise<string[]> {
  // One statement for them all (a new post re-checks about a thousand queries at 10,000 posts):
  // the fingerprints go in as one JSON array, a gone query's as null.
  const checks = JSON.stringify([...fingerprints].map(([id, fingerprint]) => [id, fingerprint ?? null]));
  const { rows } = await sql<{ path: string }>`
    select distinct page_queries.path as path
    from json_each(${checks}) as checks
    join page_queries on page_queries.query_id = checks.value ->> 0
    where checks.value ->> 1 is null or page_queries.fingerprint != checks.value ->> 1`.execute(db);
  return rows.map((row) => row.path).sort();
}
