import { existsSync, mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import { getSetting, SETTING, type Db } from '@forkcast/content-db';
import { openContentDb } from '@forkcast/content-db/open';
import { bootstrapAdmin, type AdminBootstrap } from './auth/bootstrap-admin.ts';
import { keepPurgingSessions } from './auth/sessions.ts';
import type { Config } from './config.ts';
import { DatabaseLease } from './lease/lease.ts';
import { leaseTiming } from './lease/timing.ts';
import type { SitePublisher } from './publisher/publisher.ts';
import { ensureFullRender, renderedDatabaseId, type DistPaths } from './publisher/site-build.ts';
import type { RenderSiteResult } from './publisher/render-site.ts';
import { PeriodicBackups } from './backups/periodic-backups.ts';
import { Housekeeping } from './housekeeping/housekeeping.ts';
import { UnconfirmedPurge } from './newsletter/purge.ts';
import { WalCheckpointer } from './checkpoints/checkpointer.ts';
import { createPublishingApp } from './publishing-app.ts';
import { RetentionSweep } from './revisions/sweep.ts';
import { listen, type RunningServer } from './server.ts';
import { StartupError } from './startup-error.ts';
import { CardSweep, ensureLibraryCards } from './social-cards/library.ts';
import { removeStaleUploadTemps } from './uploads/storage.ts';

export interface BootEvents {
  seeded?: (counts: { citiesAdded: number; postsAdded: number; pagesAdded: number }) => void;
  admin?: (result: AdminBootstrap) => void;
  rendered?: (result: RenderSiteResult) => void;
  onPage?: (done: number, total: number) => void;
  /**
   * Another process took the database lease (this one was paused past its expiry, say): every
   * writer of this server has already stopped, and `message` says so in one line. The entry point
   * ends the process; without this handler the line is logged and the server only serves reads.
   */
  leaseLost?: (message: string) => void;
}

export interface Booted {
  db: Db;
  server: RunningServer;
  publisher: SitePublisher;
  close: () => Promise<void>;
}

/**
 * Opens DATABASE_PATH, but only if it is the database the site folder was rendered from (or the
 * folder was never rendered): a mistyped path must not create and seed a new database and then
 * re-publish the live site from seed content. The server's lease is taken before anything is
 * written (see openContentDb's `claim`): a second server on the same file stops here, in one line.
 */
async function openDatabaseOfSite(
  config: Config,
  dist: DistPaths,
): Promise<Awaited<ReturnType<typeof openContentDb>> & { lease: DatabaseLease }> {
  const renderedFrom = await renderedDatabaseId(dist);
  if (renderedFrom !== undefined && !existsSync(config.databasePath)) {
    throw new StartupError(
      `DATABASE_PATH=${config.databasePath} does not exist, but the site in ${dist.siteDir} was rendered from a database: point DATABASE_PATH at that one, or create this one with \`make seed\` and render it with \`make build\`.`,
    );
  }
  const timing = leaseTiming();
  const taken: DatabaseLease[] = [];
  // ensureFullRender, next, builds the search index (beside the pages when it renders them).
  const opened = await openContentDb(config.databasePath, {
    searchIndex: false,
    claim: async (db) => {
      const lease = await DatabaseLease.acquire(db, { databasePath: config.databasePath, role: 'server', timing });
      taken.push(lease);
      return () => lease.release();
    },
  });
  const [lease] = taken;
  if (!lease) throw new Error('openContentDb returned without taking the lease');
  if (renderedFrom !== undefined && (await getSetting(opened.db, SETTING.databaseId)) !== renderedFrom) {
    await lease.release();
    await opened.db.destroy();
    throw new StartupError(
      `DATABASE_PATH=${config.databasePath} is not the database the site in ${dist.siteDir} was rendered from: point DATABASE_PATH at that one, or render the site from this one with \`make build\`.`,
    );
  }
  return { ...opened, lease };
}

/**
 * Everything `make start` does, in order: open, migrate and seed the database; make sure an admin
 * exists; render the whole site if this build, database or configuration has not been rendered;
 * finish whatever the outbox still holds (a crash between a write and its publish is repaired
 * here); resume newsletter sends; only then listen, so the server never reports healthy over a stale site.
 */
export async function bootServer(config: Config, dist: DistPaths, logger: Logger, events: BootEvents = {}): Promise<Booted> {
  if (!existsSync(dist.serverEntry)) {
    throw new StartupError(`${dist.serverEntry} is missing: build the site first (make start does it, or pnpm build).`);
  }
  const { db, seeded, lease } = await openDatabaseOfSite(config, dist);
  if (lease.tookOver) {
    const { holder, reason } = lease.tookOver;
    logger.warn(
      { holder: { pid: holder.pid, host: holder.host, url: holder.url, startedAt: holder.startedAt }, reason },
      'took over the database lease another process left',
    );
  }
  // Stops everything that writes, publishes or sends when the lease goes to another process.
  const writers: (() => unknown)[] = [];
  lease.keepAlive({
    onLost: (lost) => {
      const message = `${lost}. This server has stopped publishing, scheduling and sending.`;
      for (const stop of writers) stop();
      if (events.leaseLost) events.leaseLost(message);
      else logger.fatal(message);
    },
    onError: (error) => logger.warn({ err: error }, 'could not renew the database lease; trying again at the next heartbeat'),
  });
  try {
    return await serveWithLease(config, dist, logger, events, { db, seeded, lease, writers });
  } catch (error) {
    await lease.release().catch(() => undefined);
    throw error;
  }
}

/** The rest of bootServer, run while this process holds the database's lease (given up if it throws). */
async function serveWithLease(
  config: Config,
  dist: DistPaths,
  logger: Logger,
  events: BootEvents,
  { db, seeded, lease, writers }: Awaited<ReturnType<typeof openDatabaseOfSite>> & { writers: (() => unknown)[] },
): Promise<Booted> {
  if (seeded.citiesAdded + seeded.postsAdded > 0) events.seeded?.(seeded);
  events.admin?.(await bootstrapAdmin(db, config));

  const site = { siteName: config.siteName, publicHost: config.publicHost, insightsOrigin: config.insightsOrigin };
  // Pages name the social cards of library images: any the folder lacks is made before they render.
  await ensureLibraryCards(db, config.uploadDir, logger);
  const rendered = await ensureFullRender({ db, dist, site, ...(events.onPage ? { onPage: events.onPage } : {}) });
  if (rendered) events.rendered?.(rendered);

  const stopPurgingSessions = await keepPurgingSessions(db, logger);
  const { app, direct, publisher, scheduler, mailer, sends, bucket, webhooks } = await createPublishingApp({
    db,
    config,
    dist,
    logger,
    lease,
  });
  // The write-ahead log is copied into the database file beside the writes, not in them.
  const checkpoints = new WalCheckpointer({ db, databasePath: config.databasePath, logger });
  await checkpoints.start();
  await publisher.removeStaleTempFiles();
  const repaired = await publisher.publishPending();
  if (repaired.pagesChanged > 0) logger.info({ pages: repaired.pagesChanged }, 'published changes left over from before the last stop');
  await publisher.startRetrying();
  // The bucket catches up in the background: what the queue holds, and the whole folder after a full render.
  bucket?.start({ fullRender: rendered !== undefined });
  // Posts whose time came while the server was down go live before anyone can read the site.
  await scheduler.publishDue();
  scheduler.reschedule();
  const purge = new UnconfirmedPurge({ db, logger });
  await purge.run();
  purge.start();
  const sweep = new RetentionSweep({ db, logger });
  await sweep.run();
  sweep.start();
  const housekeeping = new Housekeeping({ db, logger });
  await housekeeping.run();
  housekeeping.start();
  const cardSweep = new CardSweep({ db, logger, uploadDir: config.uploadDir });
  await cardSweep.run();
  cardSweep.start();
  const { intervalMs } = config.backup;
  const backups =
    intervalMs === undefined
      ? undefined
      : new PeriodicBackups({
          databasePath: config.databasePath,
          uploadDir: config.uploadDir,
          backup: { ...config.backup, intervalMs },
          logger,
        });
  await backups?.start();
  // Newsletter sends resume where their rows say (a stop or a crash left them there), and a send
  // whose post went live while the server was down starts now.
  sends.startWaiting();
  await sends.idle();
  // Rows a server that died (or was taken over) had claimed are sent by this one.
  await sends.delivery.takeOverClaims();
  sends.delivery.start();
  await webhooks.takeOverClaims();
  webhooks.start();
  writers.push(
    () => scheduler.stop(),
    () => publisher.stop(),
    () => bucket?.stop(),
    () => void sends.delivery.stop(),
    () => void webhooks.stop(),
    stopPurgingSessions,
    () => purge.stop(),
    () => sweep.stop(),
    () => housekeeping.stop(),
    () => cardSweep.stop(),
    () => void backups?.stop(),
    () => void checkpoints.stop(),
  );

  mkdirSync(config.uploadDir, { recursive: true });
  const staleUploads = await removeStaleUploadTemps(config.uploadDir);
  if (staleUploads > 0) logger.info({ files: staleUploads }, 'removed the temporary files of uploads cut short before the last stop');
  const server = await listen(app, config.host, config.port, direct);
  await lease.serving(server.url);
  return {
    db,
    server,
    publisher,
    // Graceful: no scheduled post starts going live, in-flight requests (and so their publishes)
    // and a running scheduled publication finish, then anything still in the outbox is published,
    // and only then is the database closed.
    close: async () => {
      scheduler.stop();
      publisher.stop();
      stopPurgingSessions();
      purge.stop();
      sweep.stop();
      housekeeping.stop();
      cardSweep.stop();
      sends.endStreams();
      await server.close();
      await backups?.stop();
      await scheduler.idle();
      await publisher.publishPending();
      await publisher.close();
      await bucket?.close();
      await sends.idle();
      // Messages in flight are recorded; the rest of a send waits in its rows for the next start.
      await sends.delivery.stop();
      await webhooks.stop();
      await mailer.idle();
      mailer.close();
      await checkpoints.stop();
      await lease.release();
      await db.destroy();
    },
  };
}
