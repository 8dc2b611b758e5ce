import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { forgetPage, listPagePaths, nowIso, recordPage, type Db } from '@forkcast/content-db';
import type { Renderer } from './renderer.ts';
import { listHtmlFiles, routeFile, writeFileAtomic } from './site-folder.ts';

export interface RenderSiteResult {
  pages: number;
  removed: number;
  ms: number;
}

export interface RenderSiteOptions {
  db: Db;
  renderer: Renderer;
  siteDir: string;
  /** Called after each page, for progress output. */
  onPage?: (done: number, total: number) => void;
}

/**
 * Renders every route of the current database into the site folder and removes pages whose route
 * no longer exists. The 404 route is the one page expected to answer 404; any other status means a
 * route was listed that the pages cannot render, which is a bug worth stopping for.
 */
export async function renderSite({ db, renderer, siteDir, onPage }: RenderSiteOptions): Promise<RenderSiteResult> {
  const started = performance.now();
  const routes = await renderer.listRoutes();
  const written = new Set<string>();
  let done = 0;
  for (const route of routes) {
    const page = await renderer.render(route);
    const expected = route === '/404' ? 404 : 200;
    if (page.status !== expected) throw new Error(`Rendering ${route} answered ${page.status}, expected ${expected}`);
    const file = routeFile(route);
    await writeFileAtomic(join(siteDir, file), page.body);
    await recordPage(db, { path: route, contentHash: createHash('sha256').update(page.body).digest('hex'), tags: [] }, nowIso());
    written.add(file);
    onPage?.(++done, routes.length);
  }
  const stale = (await listHtmlFiles(siteDir)).filter((file) => !written.has(file));
  await Promise.all(stale.map((file) => rm(join(siteDir, file), { force: true })));
  const current = new Set(routes);
  for (const path of await listPagePaths(db)) if (!current.has(path)) await forgetPage(db, path);
  return { pages: routes.length, removed: stale.length, ms: Math.round(performance.now() - started) };
}

/** A fingerprint of the compiled server bundle: it changes whenever `astro build` output changes. */
export async function buildId(serverDir: string): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(serverDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}
