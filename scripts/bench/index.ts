/**
 * `make bench`: Forkcast's publisher against Astro's own static build, on a synthetic database of
 * BENCH_POSTS posts (default 10,000) in BENCH_CITIES cities (default 200), in one run: full builds,
 * one block edit (ours vs Astro's experimental incremental build), write -> published latencies for
 * BENCH_WRITES writes of each kind an editor makes (default 100), with the pages each rendered and
 * the server's peak memory; then serving: a read load of BENCH_CONNECTIONS connections (default 50)
 * for BENCH_SECONDS seconds (default 20) over a sample of pages, against our server and against
 * Debian's nginx serving the same site folder. BENCH_ONLY=serving renders the site and runs only
 * the serving load; BENCH_ONLY=publishing skips it; BENCH_ONLY=search generates the database and runs only the search. Astro's own builds are skipped above
 * ASTRO_MAX_POSTS posts (and with BENCH_ASTRO=0); BENCH_KINDS names the only kinds of write to time. BENCH_SIZES=1000,10000,100000 runs it once per size and prints how each
 * write's cost grows with the archive (growth.ts). Then the site search: its index built from nothing, its size and its query
 * latency on the same database. Prints the results against the targets, and writes bench-results/latest.{json,md}.
 * Never part of `make test`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { createPublishingApp, distPaths, hashPassword, loadConfig, WalCheckpointer } from '@forkcast/admin-api';
import { createDb, createUser, nowIso, pageHashes } from '@forkcast/content-db';
import { isNotFoundRoute, REDIRECTS_ROUTE } from '@forkcast/shared/urls';
import { seededRandom } from '@forkcast/content-db/testing/random';
import { benchSizes, growthReport, ONE_OF_SIZES, runSizes, sizeResults, sizeResultsFile } from './growth.ts';
import { ASTRO_MAX_POSTS, markdownReport, type BenchResults } from './report.ts';
import { ensureNginx, ensureWrk, measureLoad, nginxVersion, startNginx, startOurServer, type LoadResult } from './serving.ts';
import { benchSearch } from './search.ts';
import { timeWrites } from './writes.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const OUT = join(ROOT, 'bench-results');
const WORK = join(OUT, 'work');
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const CITIES = Number(process.env.BENCH_CITIES ?? 200);
const WRITES = Number(process.env.BENCH_WRITES ?? 100);
// Only these kinds of write (comma-separated names as the report prints them), e.g. to profile one.
const KINDS = process.env.BENCH_KINDS?.split(',').map((kind) => kind.trim());
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && ONLY !== 'serving' && ONLY !== 'publishing' && ONLY !== 'search')
  throw new Error(`BENCH_ONLY=${ONLY}: the parts that run alone are 'serving', 'publishing' and 'search'`);
const SIZES = benchSizes(process.env.BENCH_SIZES);
if (SIZES) {
  runSizes(import.meta.filename, SIZES);
  const growth = growthReport(sizeResults(OUT));
  console.log(`\n${growth}`);
  writeFileSync(join(OUT, 'growth.md'), `${growth}\n`);
  process.exit(0);
}
const SITE = { siteName: 'Forkcast', publicHost: 'http://localhost:4321' };
const ADMIN = { email: 'bench@forkcast.test', password: 'benchmark password' };

// The kernel's clock ticks a second, in which it counts CPU time (`getconf CLK_TCK`).
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/**
 * The CPU time (user + system, ms) of every child process this one has waited for, as Linux
 * counts it in /proc/self/stat; undefined where there is no such file. A build runs in its own
 * process, so the difference across it is that build's CPU time, all its threads included.
 */
function childrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command's name, which sits in parentheses and may hold spaces: the
    // children's user and system time are the 16th and 17th fields of the line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS) * 1000;
  } catch {
    return undefined;
  }
}

/**
 * Times `work`, started with the disk at rest: the writeback and discards of what came before (the
 * last run's work folder removed below, the database just generated, the other side's build) had
 * landed inside whichever build ran next, and made our full build seconds slower. Also says how
 * much CPU time the child processes it ran took.
 */
async function timed<T>(work: () => T | Promise<T>): Promise<{ result: T; ms: number; childCpuMs?: number }> {
  execFileSync('sync');
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  return { result, ms, ...(cpuBefore === undefined || cpuAfter === undefined ? {} : { childCpuMs: cpuAfter - cpuBefore }) };
}

/**
 * Makes creating files as cheap as before the last run's work folder (about 2 GB, 95,000 files) was
 * removed. On a file system without a journal (this machine's ext4 has none), the kernel looks up a
 * freed inode's table block in its cache before it gives that inode to a new file (so as not to reuse
 * one freed moments ago); with the removed folder's blocks cached, `perf` put a third of the system
 * time of creating files in that lookup, and it stays so until the cache is dropped. Our full
 * build runs first after the removal and creates three files a page, Astro's builds run later
 * and create a third as many, so only ours would pay for it. Dropping the kernel's caches once, here, before
 * either side runs, needs root; without it the run goes on and says so.
 */
function settleAfterRemoval(): void {
  execFileSync('sync');
  try {
    writeFileSync('/proc/sys/vm/drop_caches', '3');
  } catch (error) {
    console.log(
      `Could not drop the kernel's caches after removing the last run (${(error as Error).message}): our full build may run slower.`,
    );
  }
}
// Astro's static build of the same pages has its own config, so the product ships no getStaticPaths
// (a path relative to the project root: Astro resolves --config against it).
const STATIC_CONFIG = 'scripts/bench/astro.static.config.mjs';
// Astro's builds run as `astro build` runs: without the malloc setting (the Makefile's SERVER_MALLOC)
// this process has as the server. Ours runs as `make build` runs, with its own (BUILD_MALLOC, see below).
const { GLIBC_TUNABLES: _serverMalloc, BUILD_MALLOC: buildMalloc, ...BUILD_ENV } = process.env;
function astroBuild(env: Record<string, string>, config?: string): void {
  const args = ['build', '--silent', ...(config ? ['--config', config] : [])];
  execFileSync(join(ROOT, 'node_modules', '.bin', 'astro'), args, {
    cwd: ROOT,
    env: { ...BUILD_ENV, ASTRO_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Bytes of the database file with its write-ahead log. */
function databaseBytes(path: string): number {
  return [path, `${path}-wal`].reduce((sum, file) => sum + (existsSync(file) ? statSync(file).size : 0), 0);
}

/** Bytes of every file in a folder, as `du` counts them. */
function folderBytes(path: string): number {
  return Number(execFileSync('du', ['-sb', path], { encoding: 'utf8' }).split('\t')[0]);
}

rmSync(WORK, { recursive: true, force: true });
settleAfterRemoval();
mkdirSync(WORK, { recursive: true });
const dbPath = join(WORK, 'content.db');
console.log(`Generating ${POSTS} posts in ${CITIES} cities...`);
execFileSync(process.execPath, [join(ROOT, 'scripts', 'bench', 'synthetic-db.ts'), dbPath, String(POSTS), String(CITIES)], {
  stdio: 'inherit',
});
const db = createDb(dbPath);
// The search needs only the database: no build, no server.
if (ONLY === 'search') {
  await db.destroy();
  const search = await benchSearch(dbPath);
  console.log(
    `Search over ${search.documents} rows: index built in ${(search.buildMs / 1000).toFixed(1)} s, ${(search.indexBytes / 1e6).toFixed(0)} MB; ${search.queries} queries p50 ${search.p50Ms.toFixed(1)} ms, p95 ${search.p95Ms.toFixed(1)} ms; load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  process.exit(0);
}

// --- Full builds -------------------------------------------------------------------------------
console.log('Full build, ours: compile (astro build, server output) + render on every core (make build)...');
const ourDist = distPaths(join(WORK, 'ours', 'dist'));
const compile = await timed(() => astroBuild({ FORKCAST_OUT_DIR: ourDist.distDir, FORKCAST_CACHE_DIR: join(WORK, 'cache-ours') }));
// make build's own command, in its own process: the process measured as the server below renders nothing in full.
const SERVER_ENV = {
  DATABASE_PATH: dbPath,
  UPLOAD_DIR: join(WORK, 'uploads'),
  MAIL_DIR: join(WORK, 'mail'),
  PUBLIC_HOST: SITE.publicHost,
  SITE_NAME: SITE.siteName,
};
// With make build's V8 flags and malloc setting (the Makefile hands both over), which bound what its threads hold.
const BUILD_NODE_FLAGS = process.env.BUILD_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
const render = await timed(() =>
  execFileSync(process.execPath, [...BUILD_NODE_FLAGS, join(ROOT, 'scripts', 'build.ts')], {
    cwd: join(WORK, 'ours'),
    env: { ...BUILD_ENV, ...(buildMalloc ? { GLIBC_TUNABLES: buildMalloc } : {}), ...SERVER_ENV },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }),
);
const buildPeakMb = /peak memory (\d+) MB/.exec(render.result)?.[1];
const renderedPages = (await pageHashes(db)).size;

/** Astro's own builds and the timed writes through the app with its publisher. */
async function benchPublishing(): Promise<NonNullable<BenchResults['publishing']>> {
  const withAstro = POSTS <= ASTRO_MAX_POSTS && process.env.BENCH_ASTRO !== '0';
  const staticEnv = { FORKCAST_OUT_DIR: join(WORK, 'astro-static'), FORKCAST_CACHE_DIR: join(WORK, 'cache-static'), DATABASE_PATH: dbPath };
  let astroFull: Awaited<ReturnType<typeof timed>> | undefined;
  let astroPages = 0;
  if (withAstro) {
    console.log("Full build, Astro's static output (same pages, getStaticPaths)...");
    astroFull = await timed(() => astroBuild(staticEnv, STATIC_CONFIG));
    // Counted here: at 20,000 posts the list of paths outgrows what a child process may hand back.
    astroPages = readdirSync(staticEnv.FORKCAST_OUT_DIR, { recursive: true }).filter((file) => String(file).endsWith('.html')).length;
  } else {
    console.log(
      `Astro's own builds (full and incremental) skipped: ${POSTS > ASTRO_MAX_POSTS ? `${POSTS} posts is above ${ASTRO_MAX_POSTS}` : 'BENCH_ASTRO=0'}.`,
    );
  }

  // --- The app with its publisher, as make start runs it -----------------------------------------
  await createUser(db, {
    email: ADMIN.email,
    passwordHash: await hashPassword(ADMIN.password),
    name: 'Editor',
    role: 'owner',
    now: nowIso(),
  });
  const config = loadConfig(SERVER_ENV);
  const logger = pino({ level: 'silent' });
  const { app, publisher, mailer } = await createPublishingApp({ db, config, dist: ourDist, logger });
  // As make start runs it: the write-ahead log checkpointed beside the writes.
  const checkpoints = new WalCheckpointer({ db, databasePath: dbPath, logger });
  await checkpoints.start();
  const login = await app.request(`${SITE.publicHost}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const context = { app, publicHost: SITE.publicHost, cookie, db, publisher, random: seededRandom(99) };

  // The builds' files reach the disk before the writes are timed, as they have minutes after a
  // deploy: otherwise the first writes' syncs queue behind the kernel writing out the whole site.
  execFileSync('sync');
  // The server measures itself from here on: sample its memory while it serves writes.
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

  // --- One block edit: ours vs Astro's incremental build -----------------------------------------
  const oneEdit = await timed(() => timeWrites(context, 1, () => undefined, ['block edit']));
  let astroIncremental: Awaited<ReturnType<typeof timed>> | undefined;
  if (withAstro) {
    console.log("Astro's incremental build after the same edit...");
    astroIncremental = await timed(() => astroBuild(staticEnv, STATIC_CONFIG));
  }

  const latency = await timeWrites(context, WRITES, (line) => console.log(line), KINDS);
  clearInterval(sampler);
  const loadAverage = loadavg();
  mailer.close();
  await checkpoints.stop();
  return {
    ...(astroFull && astroIncremental
      ? { astro: { full: { ms: astroFull.ms, pages: astroPages, cpuMs: astroFull.childCpuMs }, incrementalMs: astroIncremental.ms } }
      : {}),
    oneEditMs: oneEdit.ms,
    latency,
    peakRssMb: peakRss / 1024 / 1024,
    loadAverage,
  };
}
const publishing = ONLY === 'serving' ? undefined : await benchPublishing();

// --- Serving: the same read load against our server and against nginx -------------------------
// A fixed sample of the pages that exist (listings, guides, posts, feeds), never the not-found
// pages or the redirects file.
const servable = [...(await pageHashes(db)).keys()].filter(
  (route) => !isNotFoundRoute(route) && route !== REDIRECTS_ROUTE && !route.startsWith('/admin'),
);
await db.destroy();

/** The page views the database holds, raw and rolled up. */
async function countedViews(path: string): Promise<number> {
  const handle = createDb(path);
  try {
    const row = await handle
      .selectFrom('insightHits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await handle.destroy();
  }
}

/** The read load against our server, as make start runs it, and against nginx on the same folder. */
async function benchServing(): Promise<NonNullable<BenchResults['serving']>> {
  const sampleRandom = seededRandom(5);
  const sample = [
    '/',
    '/city-guides',
    '/rss.xml',
    ...Array.from({ length: 200 }, () => servable[Math.floor(sampleRandom() * servable.length)]!),
  ];
  const load = { connections: CONNECTIONS, seconds: LOAD_SECONDS, paths: sample, headers: { 'accept-encoding': 'br, gzip' } };

  if (!ensureWrk())
    throw new Error(
      'The serving load needs wrk: it is not installed and could not be installed with apt-get (run as root, or install wrk)',
    );
  console.log(`Serving: ${CONNECTIONS} connections for ${LOAD_SECONDS} s over ${sample.length} page URLs, ours (make start)...`);
  const ours = await startOurServer(
    ROOT,
    join(WORK, 'ours'),
    {
      DATABASE_PATH: dbPath,
      UPLOAD_DIR: join(WORK, 'uploads'),
      MAIL_DIR: join(WORK, 'mail'),
      PUBLIC_HOST: SITE.publicHost,
      SITE_NAME: SITE.siteName,
      // The beacon load comes from many readers behind one proxy (a CDN): their addresses in X-Forwarded-For.
      TRUST_PROXY: '1',
    },
    join(WORK, 'server.log'),
  );
  let ourLoad: LoadResult;
  let collect: NonNullable<BenchResults['serving']>['collect'];
  try {
    ourLoad = await measureLoad(ours, load, join(WORK, 'load'));
    console.log(`Serving: the page-view beacon, ${CONNECTIONS} connections for ${LOAD_SECONDS} s...`);
    const counted = await countedViews(dbPath);
    const beaconLoad = await measureLoad(
      ours,
      { ...load, paths: sample.filter((path) => !path.endsWith('.xml')), beacon: true },
      join(WORK, 'load'),
    );
    // The collector writes its batch a second after the last view; every answered view must be stored.
    await new Promise((done) => setTimeout(done, 2_500));
    const answered = (run: { requests: number; non2xx: number }) => run.requests - run.non2xx;
    collect = {
      load: beaconLoad,
      stored: (await countedViews(dbPath)) - counted,
      sent: answered(beaconLoad.warmup) + answered({ requests: beaconLoad.requests, non2xx: beaconLoad.non2xx + beaconLoad.errors }),
    };
  } finally {
    await ours.stop();
  }
  let nginx: NonNullable<BenchResults['serving']>['nginx'];
  const nginxAvailable = ensureNginx();
  if (nginxAvailable.ok) {
    const label = `${nginxVersion()}, 1 worker, gzip_static${nginxAvailable.brotli ? ' + brotli_static' : ''}`;
    console.log(`Serving: the same load against ${label}...`);
    const served = await startNginx(ourDist.siteDir, join(WORK, 'nginx'), nginxAvailable.brotli);
    try {
      nginx = { label, load: await measureLoad(served, load, join(WORK, 'load')) };
    } finally {
      await served.stop();
    }
  } else {
    console.log(`Serving: nginx skipped: ${nginxAvailable.reason}.`);
    nginx = { skipped: nginxAvailable.reason };
  }
  return { connections: CONNECTIONS, seconds: LOAD_SECONDS, urls: sample.length, ours: ourLoad, nginx, collect };
}
const serving = ONLY === 'publishing' ? undefined : await benchServing();

// --- Search: the index of the same database, from nothing -----------------------------------------
console.log('Search: building the index from nothing and timing queries...');
const search = await benchSearch(dbPath);

// --- Report ------------------------------------------------------------------------------------
const results: BenchResults = {
  posts: POSTS,
  cities: CITIES,
  cores: availableParallelism(),
  node: process.version,
  at: new Date().toISOString(),
  ourFull: {
    compileMs: compile.ms,
    renderMs: render.ms,
    pages: renderedPages,
    ...(buildPeakMb === undefined ? {} : { peakRssMb: Number(buildPeakMb) }),
    cpuMs: compile.childCpuMs === undefined || render.childCpuMs === undefined ? undefined : compile.childCpuMs + render.childCpuMs,
  },
  ...(publishing ? { publishing } : {}),
  ...(serving ? { serving } : {}),
  sizes: { databaseBytes: databaseBytes(dbPath), siteBytes: folderBytes(ourDist.siteDir) },
  search,
};
const markdown = markdownReport(results);
console.log(`\n${markdown}`);
writeFileSync(join(OUT, 'latest.md'), `${markdown}\n`);
writeFileSync(join(OUT, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(sizeResultsFile(OUT, POSTS), `${JSON.stringify(results, null, 2)}\n`);
if (!process.env[ONE_OF_SIZES]) console.log(`\n${growthReport(sizeResults(OUT))}`);
