import { chunks, MAX_PARAMETERS_PER_STATEMENT } from '../chunks.ts';
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
  // Two parameters per row.
  for (const slice of chunks([...new Set(page.tags)], MAX_PARAMETERS_PER_STATEMENT / 2)) {
    await db
      .insertInto('pageTags')
      .values(slice.map((tag) => ({ path: page.path, tag })))
      .execute();
  }
}

export async function forgetPage(db: Db, path: string): Promise<void> {
  await db.deleteFrom('pages').where('path', '=', path).execute();
}

/** Recorded pages (all, or just `paths`) with the hash of what was last written for each. */
export async function pageHashes(db: Db, paths?: string[]): Promise<Map<string, string>> {
  const query = db.selectFrom('pages').select(['path', 'contentHash']);
  const rows = [];
  if (paths) for (const slice of chunks(paths)) rows.push(...(await query.where('path', 'in', slice).execute()));
  else rows.push(...(await query.execute()));
  return new Map(rows.map((row) => [row.path, row.contentHash]));
}

/** Paths of the pages that read any of the given tags. */
export async function pagesReadingTags(db: Db, tags: string[]): Promise<string[]> {
  const paths = new Set<string>();
  for (const slice of chunks(tags)) {
    const rows = await db.selectFrom('pageTags').select('path').distinct().where('tag', 'in', slice).execute();
    for (const row of rows) paths.add(row.path);
  }
  return [...paths].sort();
}
