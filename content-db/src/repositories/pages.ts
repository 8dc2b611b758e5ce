import type { Db } from '../db.ts';

export interface RenderedPage {
  path: string;
  contentHash: string;
  tags: string[];
}

/** Records a rendered page and replaces the tags it read. Run it inside a transaction. */
export async function recordPage(db: Db, page: RenderedPage, now: string): Promise<void> {
  await db
    .insertInto('pages')
    .values({ path: page.path, contentHash: page.contentHash, renderedAt: now })
    .onConflict((oc) => oc.column('path').doUpdateSet({ contentHash: page.contentHash, renderedAt: now }))
    .execute();
  await db.deleteFrom('pageTags').where('path', '=', page.path).execute();
  const tags = [...new Set(page.tags)];
  if (tags.length > 0) {
    await db.insertInto('pageTags').values(tags.map((tag) => ({ path: page.path, tag }))).execute();
  }
}

export async function forgetPage(db: Db, path: string): Promise<void> {
  await db.deleteFrom('pages').where('path', '=', path).execute();
}

export async function listPagePaths(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('pages').select('path').orderBy('path').execute();
  return rows.map((row) => row.path);
}

/** Recorded pages (all, or just `paths`) with the hash of what was last written for each. */
export async function pageHashes(db: Db, paths?: string[]): Promise<Map<string, string>> {
  if (paths?.length === 0) return new Map();
  let query = db.selectFrom('pages').select(['path', 'contentHash']);
  if (paths) query = query.where('path', 'in', paths);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.path, row.contentHash]));
}

export async function getPageTags(db: Db, path: string): Promise<string[]> {
  const rows = await db.selectFrom('pageTags').select('tag').where('path', '=', path).orderBy('tag').execute();
  return rows.map((row) => row.tag);
}

/** Paths of the pages that read any of the given tags. */
export async function pagesReadingTags(db: Db, tags: string[]): Promise<string[]> {
  if (tags.length === 0) return [];
  const rows = await db.selectFrom('pageTags').select('path').distinct().where('tag', 'in', tags).orderBy('path').execute();
  return rows.map((row) => row.path);
}
