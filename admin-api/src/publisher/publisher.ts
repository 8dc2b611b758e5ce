import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { markOutboxDone, nowIso, pageHashes, pagesReadingTags, pendingOutbox, recordPublish, TAG, type Db } from '@forkcast/content-db';
import type { Publisher, PublishReport } from '../context.ts';
import { putPage, removePage } from './page-writer.ts';
import type { Renderer } from './renderer.ts';

export interface SitePublisherOptions {
  db: Db;
  renderer: Renderer;
  siteDir: string;
  logger: Logger;
  /** Told about every publish that changed something (e.g. to purge a CDN); never awaited. */
  onPublished?: (report: PublishReport) => void;
}

// Only these tags can change which routes exist; anything else only changes existing pages.
const ROUTE_TAGS = new Set<string>([TAG.posts, TAG.cities]);

/**
 * The incremental publisher. It reads the outbox, re-renders every page whose recorded tags
 * intersect the changed tags, renders routes that now exist and were never rendered, removes
 * pages of routes that are gone, and only then marks the outbox entries done, so a crash at any
 * point is repaired by the next publish. Publishes never overlap: a call made while one runs waits
 * for the next run, and all calls made meanwhile share that run (coalescing), which starts after
 * their writes committed, so every write is published and the last one wins on every page.
 */
export class SitePublisher implements Publisher {
  private readonly options: SitePublisherOptions;
  private tail: Promise<unknown> = Promise.resolve();
  private queued: Promise<PublishReport> | undefined;

  constructor(options: SitePublisherOptions) {
    this.options = options;
  }

  publishPending(): Promise<PublishReport> {
    if (this.queued) return this.queued;
    const run = this.tail.then(() => {
      this.queued = undefined;
      return this.run();
    });
    this.queued = run;
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Removes temporary files a crash may have left half-written in the site folder. */
  async removeStaleTempFiles(): Promise<number> {
    const entries = await readdir(this.options.siteDir, { recursive: true, withFileTypes: true }).catch(() => []);
    const stale = entries.filter((entry) => entry.isFile() && /^\.[0-9a-f]{12}\.tmp$/.test(entry.name));
    await Promise.all(stale.map((entry) => rm(join(entry.parentPath, entry.name), { force: true })));
    return stale.length;
  }

  private async run(): Promise<PublishReport> {
    const { db, renderer, siteDir, logger } = this.options;
    const startedAt = nowIso();
    const started = performance.now();
    const entries = await pendingOutbox(db);
    if (entries.length === 0) return { pagesChanged: 0, ms: 0, urls: [] };
    const changedTags = [...new Set(entries.flatMap((entry) => entry.tags))];
    const urls: string[] = [];
    try {
      const affected = await pagesReadingTags(db, changedTags);
      const routesMayChange = changedTags.some((tag) => ROUTE_TAGS.has(tag));
      // Only a change to which posts or cities exist needs every page's record (to find routes
      // that appeared or went); otherwise the affected pages' hashes are all a publish reads.
      const hashes = await pageHashes(db, routesMayChange ? undefined : affected);
      const toRender = new Set(affected);
      const gone: string[] = [];
      if (routesMayChange) {
        const routes = new Set(await renderer.listRoutes());
        for (const route of routes) if (!hashes.has(route)) toRender.add(route);
        for (const route of hashes.keys()) if (!routes.has(route)) gone.push(route);
        for (const route of gone) toRender.delete(route);
      }
      for (const route of [...toRender].sort()) {
        if (await putPage(db, siteDir, route, await renderer.render(route), hashes.get(route))) urls.push(route);
      }
      for (const route of gone) {
        await removePage(db, siteDir, route);
        urls.push(route);
      }
      await markOutboxDone(
        db,
        entries.map((entry) => entry.id),
        nowIso(),
      );
      const report = { pagesChanged: urls.length, ms: Math.round(performance.now() - started), urls };
      await recordPublish(db, { startedAt, durationMs: report.ms, pagesChanged: report.pagesChanged, urls, error: null });
      if (urls.length > 0) this.options.onPublished?.(report);
      return report;
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      await recordPublish(db, { startedAt, durationMs: ms, pagesChanged: urls.length, urls, error: String(error) }).catch(() => undefined);
      logger.error({ err: error, pagesWritten: urls.length }, 'publish failed; the outbox keeps its entries for the next publish');
      throw error;
    }
  }
}
