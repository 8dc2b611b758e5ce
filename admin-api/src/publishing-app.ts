import { availableParallelism } from 'node:os';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import type { Db } from '@forkcast/content-db';
import { createServing, type AppEnv } from './app.ts';
import type { Config } from './config.ts';
import type { PublishReport } from './context.ts';
import { PublicationScheduler } from './authoring/scheduler.ts';
import type { BucketPublisher } from './bucket/bucket-publisher.ts';
import { bucketPublisherFromConfig } from './bucket/from-config.ts';
import { Mailer } from './mail/mailer.ts';
import type { DeliveryClaimant } from './sends/delivery.ts';
import { createNewsletterSends, type NewsletterSends } from './sends/sends.ts';
import { purgeWebhook } from './publisher/purge-webhook.ts';
import { SitePublisher } from './publisher/publisher.ts';
import { loadRenderer, type Renderer } from './publisher/renderer.ts';
import type { DistPaths } from './publisher/site-build.ts';
import type { DirectListener } from './static/direct-path.ts';
import { FolderVersions } from './static/serve-files.ts';
import { WebhookDelivery } from './webhooks/delivery.ts';

// A publish of this many pages also renders on worker threads, one per core besides the server's
// (which renders too). A worker loads the whole renderer and a heap of its own, and takes about as
// long to start as the server takes to render a few hundred pages, so it pays off only for the
// largest publishes (a city renamed); docs/performance.md has the measurements.
const POOL_THRESHOLD = 500;

// How long the server trusts what it last saw of a site file: a file another process writes into
// the folder (a `make build` beside a running server) is served within this time; the publisher's
// own are served as soon as its write answers.
const SITE_VERSIONS_MAX_AGE_MS = 1000;

export interface PublishingAppOptions {
  db: Db;
  config: Config;
  dist: DistPaths;
  logger: Logger;
  /** Called after each publish, besides the purge webhook when PURGE_WEBHOOK_URL is set. */
  onPublished?: (report: PublishReport) => void;
  /** From how many pages a publish also renders on worker threads (500 unless told). */
  poolThreshold?: number;
  /**
   * The server's database lease: nothing is published, put live or sent unless it is held, and
   * deliveries are claimed under its token. Without one (tests, the benchmark) they always may.
   */
  lease?: DeliveryClaimant;
}

export interface PublishingApp {
  app: Hono<AppEnv>;
  /** The site folder's files, answered before the app sees the request. */
  direct: DirectListener;
  publisher: SitePublisher;
  renderer: Renderer;
  scheduler: PublicationScheduler;
  mailer: Mailer;
  sends: NewsletterSends;
  /** SITE_BUCKET and UPLOADS_BUCKET, when either is set. */
  bucket: BucketPublisher | undefined;
  /** Sends webhook events; started by the server once it holds the lease. */
  webhooks: WebhookDelivery;
}

/**
 * The one place that wires the database, the page renderer, the publisher, the publication
 * scheduler and the HTTP app
 * together: `make start`, the benchmark and the integration tests all run this same assembly.
 */
export async function createPublishingApp(options: PublishingAppOptions): Promise<PublishingApp> {
  const { db, config, dist, logger } = options;
  const renderer = await loadRenderer(dist.serverEntry, db, {
    siteName: config.siteName,
    publicHost: config.publicHost,
    insightsOrigin: config.insightsOrigin,
  });
  // The first render in a process pays for loading and compiling the page's modules, many times a
  // later render's cost; pay it now, not on the editor's first save.
  const routes = await renderer.listRoutes();
  await renderer.render(routes.find((route) => route.endsWith('/guide')) ?? '/');

  const notify = config.purgeWebhookUrl
    ? purgeWebhook({
        url: config.purgeWebhookUrl,
        publicHost: config.publicHost,
        logger,
        ...(config.purgeWebhookSecret ? { secret: config.purgeWebhookSecret } : {}),
      })
    : undefined;
  const webhooks = new WebhookDelivery({
    db,
    logger,
    publicHost: config.publicHost,
    allowPrivate: config.webhookAllowPrivate,
    ...(options.lease ? { claimant: options.lease } : {}),
  });
  // Events wait for their change's pages: any publish (a retry, a scheduled post) may free some.
  const listeners = [options.onPublished, notify && ((report: PublishReport) => void notify(report)), () => webhooks.wake()].filter(
    (listener) => listener !== undefined,
  );
  const mayPublish = options.lease ? options.lease.held.bind(options.lease) : undefined;
  // Objects that reach the bucket after their write answered (a retry, a comparison at start) are
  // purged then, as the purge of their publish may have had the CDN fetch the bucket's old copy.
  const bucket = await bucketPublisherFromConfig({
    db,
    config,
    dist,
    logger,
    ...(mayPublish ? { mayPublish } : {}),
    ...(notify ? { onLateSync: (urls: string[]) => void notify({ pagesChanged: urls.length, rendered: 0, ms: 0, urls, failed: [] }) } : {}),
  });
  const siteVersions = new FolderVersions(SITE_VERSIONS_MAX_AGE_MS);
  const publisher = new SitePublisher({
    db,
    renderer,
    siteDir: dist.siteDir,
    logger,
    onFolderChanged: () => siteVersions.changed(),
    generationFile: dist.generationFile,
    ...(mayPublish ? { mayPublish } : {}),
    ...(bucket ? { bucket } : {}),
    pool: {
      size: Math.max(1, availableParallelism() - 1),
      serverEntry: dist.serverEntry,
      databasePath: config.databasePath,
      site: { siteName: config.siteName, publicHost: config.publicHost, insightsOrigin: config.insightsOrigin },
      threshold: options.poolThreshold ?? POOL_THRESHOLD,
    },
    ...(listeners.length > 0 ? { onPublished: (report: PublishReport) => listeners.forEach((listener) => listener(report)) } : {}),
  });
  const mailer = new Mailer(config.mail, logger);
  const sends = createNewsletterSends({ db, config, logger, pages: renderer, ...(options.lease ? { claimant: options.lease } : {}) });
  const scheduler = new PublicationScheduler({
    db,
    publisher,
    logger,
    wentLive: () => sends.startWaiting(),
    ...(options.lease ? { mayPublish: options.lease.held.bind(options.lease) } : {}),
  });
  const { app, direct } = createServing({
    db,
    config,
    siteDir: dist.siteDir,
    logger,
    publisher,
    scheduler,
    mailer,
    sends,
    pages: renderer,
    siteVersions,
    ...(bucket ? { bucket } : {}),
    webhooks,
  });
  return { app, direct, publisher, renderer, scheduler, mailer, sends, bucket, webhooks };
}
