import { createHash } from 'node:crypto';
import { isMainThread } from 'node:worker_threads';
import type { QueryRead } from '@forkcast/content-db';
import { isNotFoundRoute } from '@forkcast/shared/urls';
import type { Renderer } from './renderer.ts';
import { routeFile, writeSiteFile, writeSiteFileSync, type WriteOptions } from './site-folder.ts';

/** One route to bring up to date in the site folder. */
export interface PageJob {
  route: string;
  /** The hash of what the folder holds for it now; undefined writes the page whatever it holds. */
  previousHash: string | undefined;
  durable: boolean;
  /** The route may be gone: a 404 or a redirect from it says so (`gone`) rather than failing. */
  mayBeGone?: boolean;
}

export type PageOutcome =
  | { route: string; ok: true; changed: boolean; hash: string; tags: string[]; queries: QueryRead[]; gone?: true }
  | { route: string; ok: false; error: string };

/** Writes a rendered page's file (and its compressed copies) into the site folder; may take over `data`. */
type PageWrite = (siteDir: string, file: string, data: Uint8Array, options: WriteOptions) => Promise<void> | void;

// A worker thread blocks on its own writes; the server's thread must keep answering meanwhile.
const writeHere: PageWrite = isMainThread ? writeSiteFile : writeSiteFileSync;

// What a route that is no page any more answers: not found, or a redirect to where its page went.
const GONE_STATUSES = new Set([301, 302, 404]);

/** The only routes expected to answer 404 are the not-found pages themselves. */
function expectedStatus(route: string): number {
  return isNotFoundRoute(route) ? 404 : 200;
}

/**
 * Renders one route and, when its bytes changed, writes it with its compressed copies into the site
 * folder. Never throws: a route that fails to render or to be written comes back as a failed outcome
 * with the reason, so one broken page cannot stop the others from publishing. The same job runs in
 * the server and on the worker threads of a big publish or a full render.
 */
export async function runPageJob(renderer: Renderer, siteDir: string, job: PageJob, write = writeHere): Promise<PageOutcome> {
  const { route } = job;
  try {
    const page = await renderer.render(route);
    if (job.mayBeGone && GONE_STATUSES.has(page.status) && !isNotFoundRoute(route))
      return { route, ok: true, changed: true, hash: '', tags: [], queries: [], gone: true };
    if (page.status !== expectedStatus(route))
      throw new Error(`Rendering ${route} answered ${page.status}, expected ${expectedStatus(route)}`);
    const hash = createHash('sha256').update(page.body).digest('hex');
    const changed = hash !== job.previousHash;
    if (changed) await write(siteDir, routeFile(route), page.body, { durable: job.durable });
    return { route, ok: true, changed, hash, tags: page.tags, queries: page.queries };
  } catch (error) {
    return { route, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
