import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { forgetPage, nowIso, recordPage, type Db } from '@forkcast/content-db';
import { isNotFoundRoute } from '@forkcast/content-db/urls';
import type { RenderedRoute } from './renderer.ts';
import { routeFile, writeFileAtomic } from './site-folder.ts';

/** The only routes expected to answer 404 are the not-found pages themselves. */
function expectedStatus(route: string): number {
  return isNotFoundRoute(route) ? 404 : 200;
}

/**
 * Puts one rendered route into the site folder and records what it read. The file is rewritten
 * only when its bytes changed (so a publish reports what readers will actually see change), but
 * its tags are always refreshed. Returns true when the file changed.
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
  if (changed) await writeFileAtomic(join(siteDir, routeFile(route)), page.body);
  await db.transaction().execute((trx) => recordPage(trx, { path: route, contentHash: hash, tags: page.tags }, nowIso()));
  return changed;
}

/** Removes a route that no longer exists from the site folder and from the page index. */
export async function removePage(db: Db, siteDir: string, route: string): Promise<void> {
  await rm(join(siteDir, routeFile(route)), { force: true });
  await forgetPage(db, route);
}
