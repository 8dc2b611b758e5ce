import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distPaths, ensureFullRender, routeFile, type DistPaths } from '@forkcast/admin-api';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';

/** The compiled site from `astro build` (make test compiles before testing). */
export const BUILT = distPaths(join(import.meta.dirname, '..', '..', 'dist'));
export const SITE = { siteName: 'Forkcast', publicHost: 'https://forkcast.test' };

export interface RenderedSite {
  handle: TempDb;
  dist: DistPaths;
  /** The text of a rendered file, by route. */
  page: (route: string) => string;
  cleanup: () => Promise<void>;
}

/**
 * A fresh database filled by `fill`, rendered in full by the real publisher code into a temporary
 * site folder that starts as a copy of the built assets (so tests never touch dist/client).
 */
export async function renderFixtureSite(fill: (handle: TempDb) => Promise<void>): Promise<RenderedSite> {
  if (!existsSync(BUILT.serverEntry)) throw new Error('dist/server/entry.mjs is missing: run `make test`, which compiles the site first');
  const handle = await createTempDb();
  await fill(handle);
  const workDir = mkdtempSync(join(tmpdir(), 'forkcast-site-'));
  const dist = { ...distPaths(workDir), serverDir: BUILT.serverDir, serverEntry: BUILT.serverEntry };
  cpSync(BUILT.siteDir, dist.siteDir, { recursive: true, filter: (source) => !source.endsWith('.html') });
  await ensureFullRender({ db: handle.db, dist, site: SITE });
  return {
    handle,
    dist,
    page: (route) => readFileSync(join(dist.siteDir, routeFile(route)), 'utf8'),
    cleanup: async () => {
      await handle.cleanup();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
