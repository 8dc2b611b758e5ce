import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import {
  clearRouteFailures,
  nowIso,
  pageHashes,
  pendingOutbox,
  recordPages,
  type Db,
  type RenderedPage,
  type SiteGeneration,
} from '@forkcast/content-db';
import type { PageJob, PageOutcome } from './page-job.ts';
import { settleRoutes } from './retry.ts';
import { compressBuildFiles, compressedCopyFiles, listSiteFiles, renderedFiles, routeFile, syncFileSystem } from './site-folder.ts';

export interface RenderSiteResult {
  pages: number;
  removed: number;
  /** Routes that could not be rendered or written: their last good file stays, and they are retried. */
  failed: { route: string; error: string }[];
  ms: number;
  /** The publish generation this render recorded (see site-generation.ts). */
  generation: SiteGeneration;
}

export interface RenderSiteOptions {
  db: Db;
  siteDir: string;
  /** Every route the site has (see Renderer.listRoutes). */
  listRoutes: () => Promise<string[]>;
  /** Runs the page jobs (one by one in-process, or on worker threads), handing over each outcome. */
  runMany: (jobs: readonly PageJob[], onOutcome: (outcome: PageOutcome) => Promise<void>) => Promise<void>;
  /** Called after each page, for progress output. */
  onPage?: (done: number, total: number) => void;
  /**
   * Work to run beside the pages (the site search): it starts once the render has read what it
   * needs and handed out the pages, so it never holds them up.
   */
  alongside?: () => Promise<unknown>;
}

// Pages recorded per transaction: one commit per page was a tenth of a full render's time.
const RECORD_BATCH = 500;

/**
 * Renders every route of the current database into the site folder, records what each page read,
 * removes pages (and rendered files) of routes that no longer exist, and compresses the build's
 * own text files once. Outbox entries that were pending when it started are covered by this
 * render, so they are marked done at the end. Files are written without an fsync each; the whole
 * file system is synced once at the end, before the caller records the render as complete.
 *
 * While the pages render (on worker threads, when there are), this thread lists the rendered files
 * the folder held before, compresses the build's files and runs `alongside`: on two cores that work
 * had kept one of them idle for about 3 of a full build's 27 seconds.
 */
export async function renderSite({ db, siteDir, listRoutes, runMany, onPage, alongside }: RenderSiteOptions): Promise<RenderSiteResult> {
  const started = performance.now();
  const pending = await pendingOutbox(db);
  const routes = await listRoutes();
  const hashes = await pageHashes(db);
  const failed: { route: string; error: string }[] = [];
  let batch: RenderedPage[] = [];
  let done = 0;
  const flush = async () => {
    const pages = batch;
    batch = [];
    await db.transaction().execute(async (trx) => {
      await recordPages(trx, pages, nowIso());
      await clearRouteFailures(
        trx,
        pages.map((page) => page.path),
      );
    });
  };
  const onOutcome = async (outcome: PageOutcome) => {
    onPage?.(++done, routes.length);
    if (!outcome.ok) {
      failed.push({ route: outcome.route, error: outcome.error });
      return;
    }
    batch.push({ path: outcome.route, contentHash: outcome.hash, tags: outcome.tags, queries: outcome.queries });
    if (batch.length >= RECORD_BATCH) await flush();
  };
  // Every page is written: a new build empties the site folder, whatever the index remembers.
  const jobs = routes.map((route) => ({ route, previousHash: undefined, durable: false }));
  const renderPages = async () => {
    await runMany(jobs, onOutcome);
    await flush();
  };
  // What the folder held before the render and the render does not write is stale. The pages'
  // jobs never touch the build's own files, so their copies are made meanwhile. When any part
  // fails, the others finish before the failure is passed on, so none goes on writing after.
  // One listing of the folder, taken before any page is written, serves both.
  const listing = listSiteFiles(siteDir);
  const compressing = listing.then((present) => compressBuildFiles(siteDir, { durable: false }, present));
  const parts = await Promise.allSettled([renderPages(), listing, compressing, alongside?.()]);
  const failure = parts.find((part) => part.status === 'rejected');
  if (failure) throw failure.reason;
  const before = renderedFiles(await listing);

  const current = new Set(routes);
  const gone = [...hashes.keys()].filter((route) => !current.has(route));
  // Every route's files are this render's; a page that failed keeps the files it had, if any (the
  // last good version beats a hole). Told from each route's own file, not from a set of every file
  // and copy, which at 100,000 posts was tens of megabytes of names.
  const files = new Set(routes.map(routeFile));
  const written = (file: string) => {
    if (files.has(file)) return true;
    const original = file.slice(0, file.lastIndexOf('.'));
    return files.has(original) && compressedCopyFiles(original).includes(file);
  };
  const stray = before.filter((file) => !written(file));
  await Promise.all(stray.map((file) => rm(join(siteDir, file), { force: true })));
  await syncFileSystem(siteDir);
  const now = nowIso();
  const generation = await db
    .transaction()
    .execute((trx) => settleRoutes(trx, { gone, cleared: gone, failed, outboxIds: pending.map((entry) => entry.id), now }));
  return { pages: routes.length - failed.length, removed: stray.length, failed, ms: Math.round(performance.now() - started), generation };
}

/** A fingerprint of the compiled server bundle: it changes whenever `astro build` output changes. */
export async function buildId(serverDir: string): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(serverDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  // Names relative to the folder: the same build is the same build however its path is spelled
  // (make start names it dist/server, the bench by its absolute path).
  for (const file of files) hash.update(relative(serverDir, file)).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}
