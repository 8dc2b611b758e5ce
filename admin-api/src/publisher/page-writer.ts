import { createHash } from 'node:crypto';
import { forgetPage, nowIso, recordPage, type Db } from '@forkcast/content-db';
import { isNotFoundRoute } from '@forkcast/content-db/urls';
import type { RenderedRoute } from './renderer.ts';
import { removeSiteFile, routeFile, writeSiteFile } from './site-folder.ts';

/** The only routes expected to answer 404 are the not-found pages themselves. */
function expectedStatus(route: string): number {
  return isNotFoundRoute(route) ? 404 : 200;
}

/**
 * Puts one rendered route into the site folder, with its compressed copies, and records what it
 * read. The files are rewritten only when the page's bytes changed (so a publish reports what
 * readers will actually see change), but its tags are always refreshed. The hash is recorded only
 * after every file is in place, so a crash in between leaves a hash that makes the next publish
 * write them all again. Returns true when the page changed.
 */
export async function putPage(
  db: Db,
  siteDir: string,
  route: string,
  page: RenderedRoute,
  previousHash: string | undefined,
): Promise<boolean> {
  if (page.status !== expectedStatus(route))
    throw new Error(`Rendering ${route} answered ${page.status}, expected ${expectedStatus(route)}`);
  const hash = createHash('sha256').update(page.body).digest('hex');
  const changed = hash !== previousHash;
  if (changed) await writeSiteFile(siteDir, routeFile(route), page.body);
  await db.transaction().execute((trx) => recordPage(trx, { path: route, contentHash: hash, tags: page.tags }, nowIso()));
  return changed;
}

/** Removes a route that no longer exists, with its compressed copies, from the site folder and from the page index. */
export async function removePage(db: Db, siteDir: string, route: string): Promise<void> {
  await removeSiteFile(siteDir, routeFile(route));
  await forgetPage(db, route);
}
