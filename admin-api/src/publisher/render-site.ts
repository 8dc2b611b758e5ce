import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { markOutboxDone, nowIso, pageHashes, pendingOutbox, type Db } from '@forkcast/content-db';
import { putPage, removePage } from './page-writer.ts';
import type { RenderedRoute, Renderer } from './renderer.ts';
import { compressBuildFiles, compressedCopyFiles, listRenderedFiles, routeFile } from './site-folder.ts';

export interface RenderSiteResult {
  pages: number;
  removed: number;
  ms: number;
}

export interface RenderSiteOptions {
  db: Db;
  renderer: Renderer;
  siteDir: string;
  /** Renders many routes at once (e.g. on worker threads); defaults to one by one with `renderer`. */
  renderMany?: (routes: string[], onPage: (route: string, page: RenderedRoute) => Promise<void>) => Promise<void>;
  /** Called after each page, for progress output. */
  onPage?: (done: number, total: number) => void;
}

/**
 * Renders every route of the current database into the site folder, records what each page read,
 * removes pages (and rendered files) of routes that no longer exist, and compresses the build's
 * own text files once. Outbox entries that were pending when it started are covered by this
 * render, so they are marked done at the end.
 */
export async function renderSite({ db, renderer, siteDir, renderMany, onPage }: RenderSiteOptions): Promise<RenderSiteResult> {
  const started = performance.now();
  const pending = await pendingOutbox(db);
  const routes = await renderer.listRoutes();
  const hashes = await pageHashes(db);
  const written = new Set<string>();
  let done = 0;
  const store = async (route: string, page: RenderedRoute) => {
    // Always written: a new build empties the site folder, whatever the index remembers.
    await putPage(db, siteDir, route, page, undefined);
    for (const file of [routeFile(route), ...compressedCopyFiles(routeFile(route))]) written.add(file);
    onPage?.(++done, routes.length);
  };
  if (renderMany) await renderMany(routes, store);
  else for (const route of routes) await store(route, await renderer.render(route));

  const current = new Set(routes);
  for (const route of hashes.keys()) if (!current.has(route)) await removePage(db, siteDir, route);
  const stray = (await listRenderedFiles(siteDir)).filter((file) => !written.has(file));
  await Promise.all(stray.map((file) => rm(join(siteDir, file), { force: true })));
  await compressBuildFiles(siteDir);
  await markOutboxDone(
    db,
    pending.map((entry) => entry.id),
    nowIso(),
  );
  return { pages: routes.length, removed: stray.length, ms: Math.round(performance.now() - started) };
}

/** A fingerprint of the compiled server bundle: it changes whenever `astro build` output changes. */
export async function buildId(serverDir: string): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(serverDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  // Names relative to the folder: the same build is the same build however its path is spelled
  // (make start names it dist/server, the bench by its absolute path).
  for (const file of files) hash.update(relative(serverDir, file)).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}
