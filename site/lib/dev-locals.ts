import { createDb, migrateToLatest, type Db } from '@forkcast/content-db';
import type { SiteSettings } from './site-settings';

let locals: Promise<{ db: Db; site: SiteSettings }> | undefined;

/** Locals for `astro dev` and the static build: the database at DATABASE_PATH, opened once, and the site settings. */
export function devLocals(): Promise<{ db: Db; site: SiteSettings }> {
  locals ??= (async () => {
    const db = createDb(process.env.DATABASE_PATH || 'data/content.db');
    await migrateToLatest(db);
    return {
      db,
      site: {
        siteName: process.env.SITE_NAME || 'Forkcast',
        publicHost: (process.env.PUBLIC_HOST || 'http://localhost:4321').replace(/\/+$/, ''),
      },
    };
  })();
  return locals;
}
