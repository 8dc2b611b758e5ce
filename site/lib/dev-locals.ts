import { createDb, migrateToLatest, type Db } from '@forkcast/content-db';
import { loadSiteConfig } from '@forkcast/shared/site-config';
import type { SiteSettings } from './site-settings';

let locals: Promise<{ db: Db; site: SiteSettings }> | undefined;

/**
 * Locals for `astro dev` and the benchmark's static build: the database at DATABASE_PATH, opened
 * once, and the site settings, read with the same rules and defaults as the server's configuration.
 */
export function devLocals(): Promise<{ db: Db; site: SiteSettings }> {
  locals ??= (async () => {
    const config = loadSiteConfig(process.env);
    const db = createDb(config.databasePath);
    await migrateToLatest(db);
    return { db, site: { siteName: config.siteName, publicHost: config.publicHost, insightsOrigin: config.insightsOrigin } };
  })();
  return locals;
}
