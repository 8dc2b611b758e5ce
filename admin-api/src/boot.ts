import { mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Db } from '@forkcast/content-db';
import { openContentDb } from '@forkcast/content-db/open';
import { bootstrapAdmin, type AdminBootstrap } from './auth/bootstrap-admin.ts';
import type { Config } from './config.ts';
import type { SitePublisher } from './publisher/publisher.ts';
import { ensureFullRender, type DistPaths } from './publisher/site-build.ts';
import type { RenderSiteResult } from './publisher/render-site.ts';
import { createPublishingApp } from './publishing-app.ts';
import { listen, type RunningServer } from './server.ts';

export interface BootEvents {
  seeded?: (counts: { citiesAdded: number; postsAdded: number }) => void;
  admin?: (result: AdminBootstrap) => void;
  rendered?: (result: RenderSiteResult) => void;
  onPage?: (done: number, total: number) => void;
}

export interface Booted {
  db: Db;
  server: RunningServer;
  publisher: SitePublisher;
  close: () => Promise<void>;
}

/**
 * Everything `make start` does, in order: open, migrate and seed the database; make sure an admin
 * exists; render the whole site if this build, database or configuration has not been rendered;
 * finish whatever the outbox still holds (a crash between a write and its publish is repaired
 * here); only then listen, so the server never reports healthy over a stale site.
 */
export async function bootServer(config: Config, dist: DistPaths, logger: Logger, events: BootEvents = {}): Promise<Booted> {
  const { db, seeded } = await openContentDb(config.databasePath);
  if (seeded.citiesAdded + seeded.postsAdded > 0) events.seeded?.(seeded);
  events.admin?.(await bootstrapAdmin(db, config));

  const site = { siteName: config.siteName, publicHost: config.publicHost };
  const rendered = await ensureFullRender({ db, dist, site, ...(events.onPage ? { onPage: events.onPage } : {}) });
  if (rendered) events.rendered?.(rendered);

  const { app, publisher } = await createPublishingApp({ db, config, dist, logger });
  await publisher.removeStaleTempFiles();
  const repaired = await publisher.publishPending();
  if (repaired.pagesChanged > 0) logger.info({ pages: repaired.pagesChanged }, 'published changes left over from before the last stop');

  mkdirSync(config.uploadDir, { recursive: true });
  const server = await listen(app, config.host, config.port);
  return {
    db,
    server,
    publisher,
    close: async () => {
      await server.close();
      await db.destroy();
    },
  };
}
