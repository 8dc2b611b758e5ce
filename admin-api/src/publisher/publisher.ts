import { AsyncResource } from 'node:async_hooks';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import {
  dueRouteFailures,
  evaluateQueries,
  nextRouteRetry,
  nowIso,
  pageHashes,
  pagesReadingTags,
  queueBucketObjects,
  pagesWithStaleQueries,
  pendingOutbox,
  queriesListeningTo,
  recordedPaths,
  recordPages,
  recordPublish,
  TAG,
  withQueryMemo,
  type Db,
  type SiteGeneration,
} from '@forkcast/content-db';
import type { BucketPublisher } from '../bucket/bucket-publisher.ts';
import { siteObjectKey } from '../bucket/site-objects.ts';
import type { Publisher, PublishReport } from '../context.ts';
import { runPageJob, type PageJob, type PageOutcome } from './page-job.ts';
import { JobQueue, runWithPool, type RenderPoolOptions } from './render-pool.ts';
import type { Renderer } from './renderer.ts';
import { retryTime, settleRoutes } from './retry.ts';
import { removeSiteFile, routeFile, writeSiteFile } from './site-folder.ts';
import { writeFolderGeneration } from './site-generation.ts';
import { SiteWriter } from './site-writer.ts';

export interface SitePublisherOptions {
  db: Db;
  renderer: Renderer;
  siteDir: string;
  logger: Logger;
  /** Told about every publish that changed something (e.g. to purge a CDN); never awaited. */
  onPublished?: (report: PublishReport) => void;
  /** Told after every publish, once its files are in place (or it gave up) and before it resolves. */
  onFolderChanged?: () => void;
  /** Publishes of at least `threshold` pages also render on `size` worker threads, beside the server's own. */
  pool?: Omit<RenderPoolOptions, 'siteDir'> & { threshold: number };
  /** Whether this process may publish now: false once the server's database lease is not held (see lease/). */
  mayPublish?: () => boolean;
  /** Where the site folder's publish generation is recorded after each publish (see site-generation.ts). */
  generationFile?: string;
  /**
   * Object storage every publish also lands in (SITE_BUCKET): the keys a publish changed are queued
   * in its transaction, and it resolves once the bucket holds them (or they wait, queued, for a retry).
   */
  bucket?: Pick<BucketPublisher, 'has' | 'push'>;
}

// Only these tags can change which routes exist; anything else only changes existing pages. Which
// authors have pages changes with `authors` (a slug, a post given to someone) or `posts` (a publish);
// which written pages exist, with `site-pages`.
const ROUTE_TAGS = new Set<string>([TAG.posts, TAG.cities, TAG.authors, TAG.sitePages]);
// Pages rendered at once in the server: one renders while the others' files are compressed and
// written off the main thread.
const IN_PROCESS_CONCURRENCY = 4;
// Publishes of up to this many pages write them on the writer thread (site-writer.ts): an editor's
// write (a dozen pages, a new post's twenty) is answered sooner. A bigger one (unpublishing a post
// re-renders its archives, up to some 500 pages) writes them on the server's thread: through the
// writer it would be faster, but the server's thread, freed of the writes, makes garbage faster
// than its collector keeps up with, and peak memory grows (docs/performance.md).
const WRITER_MAX_PAGES = 64;

/**
 * The incremental publisher. It reads the outbox, re-renders every page that read a changed tag
 * plainly, or conditionally through a query whose answer changed, renders routes that now exist and
 * were never rendered, removes pages of routes that are gone, and only then, in one transaction,
 * records the pages and marks the outbox entries done, so a crash at any point is repaired by the
 * next publish. A page that fails to render or to be written does not stop the others: it keeps
 * its last good file, is recorded with its error and tried again with backoff, in the background.
 * Publishes never overlap: a call made while one runs waits for the next run, and all calls made
 * meanwhile share that run (coalescing), which starts after their writes committed, so every write
 * is published and the last one wins on every page.
 */
export class SitePublisher implements Publisher {
  private readonly options: SitePublisherOptions;
  private tail: Promise<unknown> = Promise.resolve();
  private queued: Promise<PublishReport> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  // Publishes that failed as a whole in a row (the database or the disk refused): the outbox keeps
  // their changes, and they are tried again with the same growing waits as a failed page.
  private failedRuns = 0;
  private readonly writer = new SiteWriter();
  // The folder's generation record, written in order after each publish (see recordGeneration).
  private generationWritten: Promise<void> = Promise.resolve();
  // The generation a queued write of the record will write, when one is queued.
  private nextGeneration: SiteGeneration | undefined;
  // The context the publisher was made in, outside any publish: see recordGeneration.
  private readonly outsidePublish = new AsyncResource('SitePublisher');
  /** The report of the last publish that ran (for the benchmark and the status page). */
  lastReport: PublishReport | undefined;

  constructor(options: SitePublisherOptions) {
    this.options = options;
  }

  publishPending(): Promise<PublishReport> {
    if (this.queued) return this.queued;
    const run = this.tail.then(() => {
      this.queued = undefined;
      // One publish reads the database as one moment's content would be rendered: each query once.
      return withQueryMemo(this.options.db, () => this.run());
    });
    this.queued = run;
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Retries failed routes in the background from now on (as long as any is failing). */
  async startRetrying(): Promise<void> {
    this.stopped = false;
    await this.scheduleRetry();
  }

  /** Stops retrying in the background (a running publish finishes). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
  }

  /** Stops the writer thread once the writes under way are done (a later publish starts it again). */
  async close(): Promise<void> {
    await this.generationWritten;
    await this.writer.close();
  }

  /** Removes temporary files a crash may have left half-written in the site folder. */
  async removeStaleTempFiles(): Promise<number> {
    const entries = await readdir(this.options.siteDir, { recursive: true, withFileTypes: true }).catch(() => []);
    const stale = entries.filter((entry) => entry.isFile() && /^\.[0-9a-f]{12}\.tmp$/.test(entry.name));
    await Promise.all(stale.map((entry) => rm(join(entry.parentPath, entry.name), { force: true })));
    return stale.length;
  }

  /**
   * Records the generation the folder now shows. The write does not hold up the answer: a record
   * that lags (a crash before it lands) still names a generation of this database, which the next
   * start accepts; only a record ahead of the database, or of another line, makes it render anew.
   */
  private recordGeneration(generation: SiteGeneration): void {
    const { generationFile, logger } = this.options;
    if (generationFile === undefined) return;
    // Only the newest record matters: one write waits behind the one under way and writes the
    // newest generation when it starts, however many publishes ended meanwhile.
    const queued = this.nextGeneration !== undefined;
    this.nextGeneration = generation;
    if (queued) return;
    // Queued outside the publish's context: a write waiting behind slow fsyncs kept that publish's
    // memo (every answer it read, lists of every post's link included) alive until it ran.
    this.generationWritten = this.outsidePublish.runInAsyncScope(() =>
      this.generationWritten
        .then(() => {
          const newest = this.nextGeneration!;
          this.nextGeneration = undefined;
          return writeFolderGeneration(generationFile, newest);
        })
        .catch((error: unknown) => logger.warn({ err: error }, "could not record the site folder's publish generation")),
    );
  }

  /** Another server holds the database now (or may): this one must not write the site folder. */
  private assertMayPublish(): void {
    if (this.options.mayPublish && !this.options.mayPublish()) throw new Error('this server does not hold the database lease');
  }

  private async scheduleRetry(): Promise<void> {
    clearTimeout(this.retryTimer);
    if (this.stopped) return;
    const times = [this.failedRuns > 0 ? retryTime(nowIso())(this.failedRuns) : undefined, await nextRouteRetry(this.options.db)];
    const next = times.filter((time) => time !== undefined).sort()[0];
    if (next === undefined) return;
    this.retryTimer = setTimeout(
      () => {
        this.publishPending().catch(() => undefined);
      },
      Math.max(0, Date.parse(next) - Date.now()),
    );
    this.retryTimer.unref();
  }

  /** Pages whose conditional reads answer differently now that these tags changed. */
  private async staleReaders(changedTags: string[]): Promise<string[]> {
    const { db } = this.options;
    const queries = await queriesListeningTo(db, changedTags);
    if (queries.length === 0) return [];
    const fingerprints = await evaluateQueries(
      db,
      queries.map((query) => query.key),
    );
    return pagesWithStaleQueries(db, new Map(queries.map((query) => [query.id, fingerprints.get(query.key)])));
  }

  /** The keys of the site's bucket that these routes' files are stored under (none without a bucket). */
  private bucketKeys(routes: readonly string[]): string[] {
    if (!this.options.bucket?.has('site')) return [];
    return routes.map((route) => siteObjectKey(routeFile(route))).filter((key) => key !== undefined);
  }

  private async runJobs(jobs: PageJob[]): Promise<PageOutcome[]> {
    const { renderer, siteDir, pool } = this.options;
    const outcomes: PageOutcome[] = [];
    const queue = new JobQueue(jobs);
    const small = jobs.length <= WRITER_MAX_PAGES;
    const write = small ? this.writer.write.bind(this.writer) : writeSiteFile;
    const lane = async () => {
      for (let job = queue.take(); job; job = queue.take()) outcomes.push(await runPageJob(renderer, siteDir, job, write));
    };
    const lanes = Array.from({ length: Math.min(IN_PROCESS_CONCURRENCY, jobs.length) }, lane);
    // A big publish takes the other cores too: workers share the queue with the server's own lanes.
    const workers =
      pool && jobs.length >= pool.threshold ? [runWithPool({ ...pool, siteDir }, queue, (outcome) => void outcomes.push(outcome))] : [];
    await Promise.all([...lanes, ...workers]);
    return outcomes;
  }

  private async run(): Promise<PublishReport> {
    const { db, renderer, siteDir, logger } = this.options;
    const startedAt = nowIso();
    const started = performance.now();
    try {
      this.assertMayPublish();
      const entries = await pendingOutbox(db);
      const retrying = await dueRouteFailures(db, startedAt);
      if (entries.length === 0 && retrying.length === 0) return { pagesChanged: 0, rendered: 0, ms: 0, urls: [], failed: [] };
      const changedTags = [...new Set(entries.flatMap((entry) => entry.tags))];
      const toRender = new Set([...(await pagesReadingTags(db, changedTags)), ...(await this.staleReaders(changedTags)), ...retrying]);
      const routesMayChange = changedTags.some((tag) => ROUTE_TAGS.has(tag));
      // Only a change to which posts, cities, authors or pages exist can add or remove routes. One
      // that names what it changed lists only the routes it may have added, and a page of the
      // others that reads what it changed and now answers 404 is gone; any other lists every route.
      const gone: string[] = [];
      const added = routesMayChange ? await renderer.routesChangedBy(changedTags) : undefined;
      if (added) {
        const recorded = await pageHashes(db, added);
        for (const route of added) if (!recorded.has(route)) toRender.add(route);
      } else if (routesMayChange) {
        const [routes, recorded] = [new Set(await renderer.listRoutes()), await recordedPaths(db)];
        for (const route of routes) if (!recorded.has(route)) toRender.add(route);
        for (const route of recorded) if (!routes.has(route)) gone.push(route);
        for (const route of gone) toRender.delete(route);
      }
      const hashes = await pageHashes(db, [...toRender]);
      const jobs = [...toRender]
        .sort()
        .map((route) => ({ route, previousHash: hashes.get(route), durable: true, mayBeGone: added !== undefined }));
      const rendered = await this.runJobs(jobs);
      // A recorded route that answered 404 is gone; one never recorded that did was never there.
      for (const outcome of rendered) if (outcome.ok && outcome.gone && hashes.has(outcome.route)) gone.push(outcome.route);
      const outcomes = rendered.filter((outcome) => !(outcome.ok && outcome.gone));
      // Files first, records after: a crash in between leaves the outbox entries pending, and the
      // next publish finds the same routes gone and removes them again.
      for (const route of gone) await removeSiteFile(siteDir, routeFile(route));
      const published = outcomes.filter((outcome) => outcome.ok);
      const failed = outcomes
        .filter((outcome) => !outcome.ok)
        .map(({ route, error }) => ({ route, error }))
        .sort((a, b) => (a.route < b.route ? -1 : 1));
      const now = nowIso();
      const bucketKeys = this.bucketKeys([...published.filter((page) => page.changed).map((page) => page.route), ...gone]);
      this.assertMayPublish();
      const generation = await db.transaction().execute(async (trx) => {
        if (bucketKeys.length > 0) await queueBucketObjects(trx, 'site', bucketKeys, now);
        await recordPages(
          trx,
          published.map((page) => ({ path: page.route, contentHash: page.hash, tags: page.tags, queries: page.queries })),
          now,
        );
        return settleRoutes(trx, {
          gone,
          cleared: [...published.map((page) => page.route), ...gone],
          failed,
          outboxIds: entries.map((entry) => entry.id),
          now,
        });
      });
      this.recordGeneration(generation);
      // Read-your-writes through the bucket: the write answers once the bucket holds its pages, or
      // says they are queued there (the folder is current either way).
      const bucketError = bucketKeys.length > 0 ? (await this.options.bucket?.push('site', bucketKeys))?.error : undefined;
      const urls = [...published.filter((page) => page.changed).map((page) => page.route), ...gone].sort();
      const report: PublishReport = {
        pagesChanged: urls.length,
        rendered: outcomes.length,
        ms: Math.round(performance.now() - started),
        urls,
        failed,
        ...(bucketError ? { bucketError } : {}),
      };
      this.lastReport = report;
      const error = failed.length === 0 ? null : failed.map(({ route, error }) => `${route}: ${error}`).join('\n');
      const userIds = [...new Set(entries.flatMap((entry) => (entry.userId === null ? [] : [entry.userId])))];
      await recordPublish(db, { startedAt, durationMs: report.ms, pagesChanged: urls.length, urls, error, userIds });
      if (failed.length > 0)
        logger.error({ failed }, 'some pages could not be published; they keep their last good version and are retried');
      if (bucketError)
        logger.error({ err: bucketError }, 'the bucket does not hold this publish yet; its objects stay queued and are retried');
      logger.info({ pages: report.pagesChanged, rendered: outcomes.length, ms: report.ms, failed: failed.length }, 'published');
      if (urls.length > 0) this.options.onPublished?.(report);
      this.failedRuns = 0;
      return report;
    } catch (error) {
      this.failedRuns++;
      const ms = Math.round(performance.now() - started);
      await recordPublish(db, { startedAt, durationMs: ms, pagesChanged: 0, urls: [], error: String(error), userIds: [] }).catch(
        () => undefined,
      );
      logger.error({ err: error }, 'publish failed; the outbox keeps its entries for the next publish');
      throw error;
    } finally {
      this.options.onFolderChanged?.();
      await this.scheduleRetry().catch(() => undefined);
    }
  }
}
