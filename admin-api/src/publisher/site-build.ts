import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureDatabaseId, ensureSearchIndex, isKnownGeneration, nowIso, rebuildSearchIndex, type Db } from '@forkcast/content-db';
import { loadRenderer, type Renderer, type SiteSettings } from './renderer.ts';
import { JobQueue, listRoutesOnWorker, runWithPool, type RenderPoolOptions } from './render-pool.ts';
import { runPageJob } from './page-job.ts';
import { buildId, renderSite, type RenderSiteOptions, type RenderSiteResult } from './render-site.ts';
import { syncFolder, writeFileAtomic } from './site-folder.ts';
import { readFolderGeneration, writeFolderGeneration } from './site-generation.ts';

/** Where `astro build` writes: dist/server (the render bundle) and dist/client (the site folder). */
export interface DistPaths {
  distDir: string;
  serverDir: string;
  serverEntry: string;
  siteDir: string;
  stateFile: string;
  /** The publish generation the site folder shows (see site-generation.ts). */
  generationFile: string;
}

export function distPaths(distDir: string): DistPaths {
  return {
    distDir,
    serverDir: join(distDir, 'server'),
    serverEntry: join(distDir, 'server', 'entry.mjs'),
    siteDir: join(distDir, 'client'),
    // Beside, not inside, the site folder so it is never served; `astro build` empties dist/ and so
    // removes it together with the pages it describes.
    stateFile: join(distDir, 'render-state.json'),
    // Beside the state, not in it: the publisher rewrites it after every publish, and a publish
    // must never bring back a state a full render (make build beside the server) has just removed.
    generationFile: join(distDir, 'site-generation.json'),
  };
}

// What the publisher writes into the site folder besides the pages (now: a .br and a .gz copy of
// each text file). Raised whenever that changes, so a folder an older publisher wrote is rendered anew.
const SITE_FORMAT = 3;

interface RenderState {
  siteFormat: number;
  buildId: string;
  databaseId: string;
  siteName: string;
  publicHost: string;
}

async function readState(path: string): Promise<Partial<RenderState>> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Partial<RenderState>;
  } catch {
    return {};
  }
}

/**
 * The id of the full render the site folder shows, if it was ever rendered: a new one with every
 * full render, so a copy of the folder kept elsewhere (the site's bucket) knows it must be compared anew.
 */
export async function renderedRenderId(dist: DistPaths): Promise<string | undefined> {
  const { renderId } = (await readState(dist.stateFile)) as Partial<RenderState> & { renderId?: unknown };
  return typeof renderId === 'string' ? renderId : undefined;
}

/** The id of the database the site folder was last fully rendered from, if it ever was. */
export async function renderedDatabaseId(dist: DistPaths): Promise<string | undefined> {
  return (await readState(dist.stateFile)).databaseId;
}

/**
 * Forgets the render state before a full render starts, durably, so that a render cut short (a
 * crash, kill -9, a full disk) leaves a state that the next start re-renders instead of trusting
 * a folder that mixes old and new pages.
 */
async function forgetState(dist: DistPaths): Promise<void> {
  await rm(dist.stateFile, { force: true });
  await syncFolder(dist.distDir);
}

type PageSource = Pick<RenderSiteOptions, 'listRoutes' | 'runMany'>;

/** Pages rendered one by one on this thread, with the routes listed on its connection. */
function pagesHere(renderer: Renderer, siteDir: string): PageSource {
  return {
    listRoutes: () => renderer.listRoutes(),
    runMany: async (jobs, onOutcome) => {
      for (const job of jobs) await onOutcome(await runPageJob(renderer, siteDir, job));
    },
  };
}

/** Pages rendered on the pool's worker threads, with the routes listed on one that ends once it has. */
function pagesOnPool(pool: RenderPoolOptions): PageSource {
  return {
    listRoutes: () => listRoutesOnWorker(pool),
    runMany: (jobs, onOutcome) => runWithPool(pool, new JobQueue(jobs), onOutcome),
  };
}

export interface FullRenderOptions {
  db: Db;
  dist: DistPaths;
  site: SiteSettings;
  /** Render even when the site folder already shows this build, database and settings. */
  force?: boolean;
  /** Render on this many worker threads (they open `databasePath` themselves); 0 renders in-process. */
  workers?: number;
  databasePath?: string;
  onPage?: (done: number, total: number) => void;
}

/**
 * Renders the whole site, and brings its search index up to date, unless the folder already holds a
 * full render of this very build, database and site settings, published since to a generation the
 * database has (then a restart is instant, and only a missing or outdated search index is built). A
 * folder ahead of its database (an older copy of it put in its place) or on another line of its
 * publishes is rendered anew, which removes the pages the database no longer has. Returns undefined when no page was rendered. Callers
 * open the database without building its search index (openContentDb's `searchIndex: false`): a
 * full render builds it beside the pages, and building it before as well had `make build` wait
 * about 3 of its 26 seconds at 10,000 posts with one core busy.
 */
export async function ensureFullRender({
  db,
  dist,
  site,
  force,
  workers = 0,
  databasePath,
  onPage,
}: FullRenderOptions): Promise<RenderSiteResult | undefined> {
  const wanted: RenderState = {
    siteFormat: SITE_FORMAT,
    buildId: await buildId(dist.serverDir),
    databaseId: await ensureDatabaseId(db, nowIso()),
    siteName: site.siteName,
    publicHost: site.publicHost,
  };
  const current = await readState(dist.stateFile);
  const sameRender = (Object.keys(wanted) as (keyof RenderState)[]).every((key) => current[key] === wanted[key]);
  const folderGeneration = sameRender ? await readFolderGeneration(dist.generationFile) : undefined;
  const upToDate = folderGeneration !== undefined && (await isKnownGeneration(db, folderGeneration));
  if (upToDate && !force) {
    await ensureSearchIndex(db, nowIso());
    return undefined;
  }
  await forgetState(dist);
  const pool =
    workers > 0 && databasePath ? { size: workers, serverEntry: dist.serverEntry, databasePath, site, siteDir: dist.siteDir } : undefined;
  const result = await renderSite({
    db,
    siteDir: dist.siteDir,
    onPage,
    ...(pool ? pagesOnPool(pool) : pagesHere(await loadRenderer(dist.serverEntry, db, site), dist.siteDir)),
    // A full build builds the site search too (only rows that differ change, so a current one
    // stays), on this thread while the pages render on the workers. Started before the render has
    // listed its routes, it held the one connection (and so the pages) for 1.7 s of 27.
    alongside: () => db.transaction().execute((trx) => rebuildSearchIndex(trx, nowIso())),
  });
  // Routes that failed keep their last good files and are retried by the publisher; the rest of
  // the folder is this render, so the next start need not render it again.
  await writeFolderGeneration(dist.generationFile, result.generation);
  await writeFileAtomic(dist.stateFile, `${JSON.stringify({ ...wanted, renderId: randomUUID() }, null, 2)}\n`);
  return result;
}
