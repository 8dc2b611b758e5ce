import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRenderer, routeFile } from '@forkcast/admin-api';
import { seed } from '@forkcast/content-db/seed';
import { isNotFoundRoute, REDIRECTS_ROUTE } from '@forkcast/shared/urls';
import { BUILT, renderFixtureSite, SITE, type RenderedSite } from './support.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const PAGES = join(ROOT, 'site', 'pages');

describe("the benchmark's Astro static build", () => {
  let site: RenderedSite;
  let work: string;
  let staticDir: string;

  beforeAll(async () => {
    site = await renderFixtureSite((handle) => seed(handle.db).then(() => undefined));
    work = mkdtempSync(join(tmpdir(), 'forkcast-bench-static-'));
    staticDir = join(work, 'out');
    execFileSync(join(ROOT, 'node_modules', '.bin', 'astro'), ['build', '--silent', '--config', 'scripts/bench/astro.static.config.mjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ASTRO_TELEMETRY_DISABLED: '1',
        DATABASE_PATH: site.handle.path,
        SITE_NAME: SITE.siteName,
        PUBLIC_HOST: SITE.publicHost,
        FORKCAST_OUT_DIR: staticDir,
        FORKCAST_CACHE_DIR: join(work, 'cache'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }, 180_000);

  afterAll(async () => {
    await site?.cleanup();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('writes every page the publisher renders, byte for byte the same', async () => {
    // Astro names its not-found pages and has no redirects file; everything else is a page both write.
    const renderer = await loadRenderer(BUILT.serverEntry, site.handle.db, SITE);
    const routes = (await renderer.listRoutes()).filter((route) => !isNotFoundRoute(route) && route !== REDIRECTS_ROUTE);
    expect(routes.length).toBeGreaterThan(50);
    const different = routes.filter((route) => {
      const file = join(staticDir, routeFile(route));
      return !existsSync(file) || !readFileSync(file).equals(readFileSync(join(site.dist.siteDir, routeFile(route))));
    });
    expect(different).toEqual([]);
  });

  it('leaves the pages the product ships without getStaticPaths', () => {
    const files = readdirSync(PAGES, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(?:astro|ts)$/.test(file));
    expect(files.length).toBeGreaterThan(15);
    expect(files.filter((file) => readFileSync(join(PAGES, file), 'utf8').includes('getStaticPaths'))).toEqual([]);
    expect(readFileSync(join(ROOT, 'astro.config.mjs'), 'utf8')).not.toMatch(/getStaticPaths|transform\(/);
  });
});
