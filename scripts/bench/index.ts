/**
 * `make bench`: Forkcast's publisher against Astro's own static build, on a synthetic database of
 * BENCH_POSTS posts (default 10,000) in BENCH_CITIES cities (default 200), in one run:
 * full builds, one block edit (ours vs Astro's experimental incremental build), write -> published
 * latencies for BENCH_WRITES writes of each kind (default 200; BENCH_HEAVY_WRITES, default 20, for the
 * two kinds that re-render every listing), and the server's peak memory; then serving: a read load
 * of BENCH_CONNECTIONS connections (default 50) for BENCH_SECONDS seconds (default 20) over a sample
 * of pages, against our server and against Debian's nginx serving the same site folder.
 * BENCH_ONLY=serving renders the site and runs only the serving load.
 * Prints a table and writes bench-results/latest.{json,md}. Never part of `make test`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { createPublishingApp, distPaths, ensureFullRender, hashPassword, loadConfig } from '@forkcast/admin-api';
import { commitChange, insertPost, listPosts, nowIso, pageHashes, upsertAdmin, type Db } from '@forkcast/content-db';
import { isNotFoundRoute, REDIRECTS_ROUTE } from '@forkcast/content-db/urls';
import { parsePublishReport, PUBLISH_HEADER } from '@forkcast/content-db/contracts';
import { seededRandom } from '@forkcast/content-db/testing/random';
import { ensureNginx, measureLoad, nginxVersion, startNginx, startOurServer, type LoadResult } from './serving.ts';
import { createSyntheticDb } from './synthetic-db.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const OUT = join(ROOT, 'bench-results');
const WORK = join(OUT, 'work');
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const CITIES = Number(process.env.BENCH_CITIES ?? 200);
const WRITES = Number(process.env.BENCH_WRITES ?? 200);
// Writes that change which posts or cities exist re-render every listing page (hundreds at this
// size), so fewer of them are timed.
const HEAVY_WRITES = Number(process.env.BENCH_HEAVY_WRITES ?? 20);
const HEAVY = new Set(['new post', 'CSV guide (15 rows)']);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && ONLY !== 'serving') throw new Error(`BENCH_ONLY=${ONLY}: the only part that runs alone is 'serving'`);
const PUBLISHING = ONLY === undefined;
const SITE = { siteName: 'Forkcast', publicHost: 'http://localhost:4321' };
const ADMIN = { email: 'bench@forkcast.test', password: 'benchmark password' };

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
function timed<T>(work: () => T): { result: T; ms: number } {
  const started = performance.now();
  const result = work();
  return { result, ms: performance.now() - started };
}
async function timedAsync<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}
// Astro's static build of the same pages has its own config, so the product ships no getStaticPaths
// (a path relative to the project root: Astro resolves --config against it).
const STATIC_CONFIG = 'scripts/bench/astro.static.config.mjs';
function astroBuild(env: Record<string, string>, config?: string): void {
  const args = ['build', '--silent', ...(config ? ['--config', config] : [])];
  execFileSync(join(ROOT, 'node_modules', '.bin', 'astro'), args, {
    cwd: ROOT,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
const dbPath = join(WORK, 'content.db');
console.log(`Generating ${POSTS} posts in ${CITIES} cities...`);
const db = await createSyntheticDb(dbPath, { posts: POSTS, cities: CITIES });

// --- Full builds -------------------------------------------------------------------------------
console.log('Full build, ours: compile (astro build, server output) + render on every core...');
const ourDist = distPaths(join(WORK, 'ours', 'dist'));
const compile = timed(() => astroBuild({ FORKCAST_OUT_DIR: ourDist.distDir, FORKCAST_CACHE_DIR: join(WORK, 'cache-ours') }));
const render = await timedAsync(() =>
  ensureFullRender({ db, dist: ourDist, site: SITE, force: true, workers: availableParallelism(), databasePath: dbPath }),
);
const ourPages = render.result!.pages;

/** Runs Astro's own builds and the timed writes through the app with its publisher. */
async function benchPublishing() {
  console.log("Full build, Astro's static output (same pages, getStaticPaths)...");
  const staticEnv = { FORKCAST_OUT_DIR: join(WORK, 'astro-static'), FORKCAST_CACHE_DIR: join(WORK, 'cache-static'), DATABASE_PATH: dbPath };
  const astroFull = timed(() => astroBuild(staticEnv, STATIC_CONFIG));
  const astroPages = Number(execFileSync('find', [staticEnv.FORKCAST_OUT_DIR, '-name', '*.html']).toString().trim().split('\n').length);

  // --- The app with its publisher, as make start runs it -----------------------------------------
  await upsertAdmin(db, ADMIN.email, await hashPassword(ADMIN.password), nowIso());
  const logger = pino({ level: 'silent' });
  const config = loadConfig({
    DATABASE_PATH: dbPath,
    UPLOAD_DIR: join(WORK, 'uploads'),
    PUBLIC_HOST: SITE.publicHost,
    SITE_NAME: SITE.siteName,
  });
  const { app, publisher } = await createPublishingApp({ db, config, dist: ourDist, logger });
  const login = await app.request(`${SITE.publicHost}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const send = async (path: string, init: RequestInit) => {
    const response = await app.request(`${SITE.publicHost}${path}`, {
      ...init,
      headers: { ...(init.body instanceof FormData ? {} : { 'content-type': 'application/json' }), cookie },
    });
    if (!response.ok) throw new Error(`${init.method} ${path}: ${response.status} ${await response.text()}`);
    return parsePublishReport(response.headers.get(PUBLISH_HEADER))?.pages ?? 0;
  };
  const random = seededRandom(99);
  const posts = (await listPosts(db, { publishedOnly: true })).filter((post) => post.type === 'post');
  const pickPost = () => posts[Math.floor(random() * posts.length)]!;

  // The server measures itself from here on: sample its memory while it serves writes.
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

  // --- One block edit: ours vs Astro's incremental build -----------------------------------------
  const editTarget = pickPost();
  const oneEdit = await timedAsync(() =>
    send(`/api/posts/${editTarget.id}/blocks`, {
      method: 'POST',
      body: JSON.stringify({ content: 'One benchmark edit.', position: 0, isOriginal: true }),
    }),
  );
  console.log("Astro's incremental build after the same edit...");
  const astroIncremental = timed(() => astroBuild(staticEnv, STATIC_CONFIG));

  // --- Write -> published latency, per kind of write ---------------------------------------------
  async function newPost(db: Db, i: number): Promise<number> {
    // The API has no "create post" call yet; this is the same transaction + outbox + publish path.
    const city = pickPost().cityId;
    await commitChange(db, async (trx) => {
      const at = nowIso();
      await insertPost(trx, {
        slug: `bench-new-post-${i}`,
        title: `New post ${i}`,
        excerpt: 'Fresh.',
        content: 'One.\n\nTwo.',
        heroImage: '/images/posts/tea.jpg',
        type: 'post',
        cityId: city,
        published: true,
        publishedAt: at,
        createdAt: at,
        updatedAt: at,
      });
    });
    return (await publisher.publishPending()).pagesChanged;
  }
  function guideCsv(i: number): FormData {
    const rows = Array.from(
      { length: 15 },
      (_, r) => `${1 + (r % 4)},lunch,Bench Place ${i}-${r},Centre,Local,"Order the special, twice.",${r} Main St,`,
    );
    const form = new FormData();
    form.append(
      'csvFile',
      new File([['day,meal,restaurant,neighborhood,cuisine,notes,address,url', ...rows].join('\n')], 'bench.csv', { type: 'text/csv' }),
    );
    form.append('cityName', `Bench City ${i}`);
    return form;
  }
  const blockIds = new Map<number, number>();
  const kinds: Record<string, (i: number) => Promise<number>> = {
    'block edit': async (i) => {
      const post = pickPost();
      const existing = blockIds.get(post.id);
      if (existing)
        return send(`/api/posts/${post.id}/blocks/${existing}`, { method: 'PUT', body: JSON.stringify({ content: `Edit ${i}.` }) });
      const response = await app.request(`${SITE.publicHost}/api/posts/${post.id}/blocks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ content: `Edit ${i}.`, position: 0, isOriginal: true }),
      });
      if (response.status === 409) return 0;
      blockIds.set(post.id, ((await response.json()) as { id: number }).id);
      return parsePublishReport(response.headers.get(PUBLISH_HEADER))?.pages ?? 0;
    },
    'inline add': (i) =>
      send(`/api/posts/${pickPost().id}/content`, {
        method: 'POST',
        body: JSON.stringify({ type: 'text', content: `Note ${i}.`, position: 1 }),
      }),
    'post hero change': (i) =>
      send(`/api/posts/${pickPost().slug}/hero-image`, {
        method: 'PATCH',
        body: JSON.stringify({ heroImage: `/images/posts/${['tea', 'wine', 'pizza'][i % 3]}.jpg` }),
      }),
    'homepage hero change': (i) =>
      send('/api/hero/update-image', {
        method: 'POST',
        body: JSON.stringify({ imageUrl: `/images/presets/${['mountain-trail', 'food-plating'][i % 2]}.jpg` }),
      }),
    'new post': (i) => newPost(db, i),
    'CSV guide (15 rows)': (i) => send('/api/admin/generate-guide', { method: 'POST', body: guideCsv(i) }),
  };
  const latency: Record<string, { writes: number; p50: number; p95: number; pages: number }> = {};
  for (const [kind, write] of Object.entries(kinds)) {
    const count = HEAVY.has(kind) ? HEAVY_WRITES : WRITES;
    console.log(`${count} writes: ${kind}...`);
    const times: number[] = [];
    let pages = 0;
    for (let i = 0; i < count; i++) {
      const { result, ms } = await timedAsync(() => write(i));
      times.push(ms);
      pages += result;
    }
    latency[kind] = { writes: count, p50: percentile(times, 50), p95: percentile(times, 95), pages: pages / count };
  }
  clearInterval(sampler);
  return { astroFull, astroPages, oneEdit, astroIncremental, latency, peakRssMb: peakRss / 1024 / 1024 };
}
const publishing = PUBLISHING ? await benchPublishing() : undefined;

// --- Serving: the same read load against our server and against nginx -------------------------
// A fixed sample of the pages that exist (listings, guides, posts, feeds), never the not-found
// pages or the redirects file.
const servable = [...(await pageHashes(db)).keys()].filter(
  (route) => !isNotFoundRoute(route) && route !== REDIRECTS_ROUTE && !route.startsWith('/admin'),
);
await db.destroy();
const sampleRandom = seededRandom(5);
const sample = [
  '/',
  '/city-guides',
  '/rss.xml',
  ...Array.from({ length: 200 }, () => servable[Math.floor(sampleRandom() * servable.length)]!),
];
const load = { connections: CONNECTIONS, seconds: LOAD_SECONDS, paths: sample, headers: { 'accept-encoding': 'br, gzip' } };

console.log(`Serving: ${CONNECTIONS} connections for ${LOAD_SECONDS} s over ${sample.length} page URLs, ours (make start)...`);
const ours = await startOurServer(
  ROOT,
  join(WORK, 'ours'),
  { DATABASE_PATH: dbPath, UPLOAD_DIR: join(WORK, 'uploads'), PUBLIC_HOST: SITE.publicHost, SITE_NAME: SITE.siteName },
  join(WORK, 'server.log'),
);
let ourLoad: LoadResult;
try {
  ourLoad = await measureLoad(ours, load);
} finally {
  await ours.stop();
}
let nginxLoad: LoadResult | undefined;
let nginxLabel = 'nginx';
const nginx = ensureNginx();
if (nginx.ok) {
  nginxLabel = `${nginxVersion()}, 1 worker, gzip_static${nginx.brotli ? ' + brotli_static' : ''}`;
  console.log(`Serving: the same load against ${nginxLabel}...`);
  const served = await startNginx(ourDist.siteDir, join(WORK, 'nginx'), nginx.brotli);
  try {
    nginxLoad = await measureLoad(served, load);
  } finally {
    await served.stop();
  }
} else {
  console.log(`Serving: nginx skipped: ${nginx.reason}.`);
}

// --- Report ------------------------------------------------------------------------------------
const ourFullMs = compile.ms + render.ms;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const table = (data: string[][]) =>
  data.map((row, i) => `| ${row.join(' | ')} |${i === 0 ? `\n|${row.map(() => ' --- |').join('')}` : ''}`).join('\n');
const loadCells = (result: LoadResult) => [
  result.requestsPerSecond.toFixed(0),
  ms(result.p50),
  ms(result.p99),
  result.serverCpuUs === undefined ? 'n/a' : `${result.serverCpuUs.toFixed(0)} us`,
  `${result.encoding}${result.non2xx + result.errors > 0 ? `; ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
];
const servingRows = [
  ['server', 'req/s', 'p50', 'p99', 'server CPU per request', 'encoding served'],
  ['Forkcast (make start)', ...loadCells(ourLoad)],
  ...(nginxLoad ? [[nginxLabel, ...loadCells(nginxLoad)]] : []),
];
const servingLines = [
  `Serving: ${CONNECTIONS} connections for ${LOAD_SECONDS} s on loopback (autocannon), ${sample.length} page URLs in turn, Accept-Encoding: br, gzip:`,
  '',
  table(servingRows),
  '',
  nginxLoad
    ? `Forkcast serves ${((ourLoad.requestsPerSecond / nginxLoad.requestsPerSecond) * 100).toFixed(0)}% of nginx's requests per second.`
    : `nginx skipped: ${nginx.ok ? 'it did not run' : nginx.reason}.`,
  // The load generator shares the machine's cores with the server: what it costs per request
  // bounds what any server can be measured at here.
  `The load generator (autocannon, one thread in the bench process) spent ${[ourLoad, ...(nginxLoad ? [nginxLoad] : [])]
    .map((result) => `${result.clientCpuUs.toFixed(0)} us`)
    .join(nginxLoad ? ' (ours) and ' : '')}${nginxLoad ? ' (nginx)' : ''} of CPU per request: one core of it sends at most about ${(
    1e6 / Math.min(ourLoad.clientCpuUs, nginxLoad?.clientCpuUs ?? Infinity)
  ).toFixed(0)} requests/s, whichever server answers.`,
];
const publishingLines = publishing
  ? [
      table([
        ['measure', 'Forkcast', "Astro's own", 'ratio (Astro / Forkcast)'],
        [
          'full build, wall time',
          `${seconds(ourFullMs)} (compile ${seconds(compile.ms)} + render ${seconds(render.ms)})`,
          seconds(publishing.astroFull.ms),
          `${(publishing.astroFull.ms / ourFullMs).toFixed(2)}x`,
        ],
        [
          'full build, pages/second',
          `${(ourPages / (ourFullMs / 1000)).toFixed(0)} (${ourPages} files)`,
          `${(publishing.astroPages / (publishing.astroFull.ms / 1000)).toFixed(0)} (${publishing.astroPages} pages)`,
          `${(ourPages / (ourFullMs / 1000) / (publishing.astroPages / (publishing.astroFull.ms / 1000))).toFixed(2)}x faster`,
        ],
        [
          'one block edit, write -> published',
          `${publishing.oneEdit.ms.toFixed(0)} ms`,
          `${seconds(publishing.astroIncremental.ms)} (incremental build)`,
          `${(publishing.astroIncremental.ms / publishing.oneEdit.ms).toFixed(0)}x`,
        ],
      ]),
      '',
      "Write -> published (the write's HTTP request until its pages are live):",
      '',
      table([
        ['write', 'writes', 'p50', 'p95', 'pages changed (mean)'],
        ...Object.entries(publishing.latency).map(([kind, l]) => [
          kind,
          String(l.writes),
          `${l.p50.toFixed(1)} ms`,
          `${l.p95.toFixed(1)} ms`,
          l.pages.toFixed(1),
        ]),
      ]),
      '',
      `Peak RSS of the server process (publisher, app, SQLite) during the run: ${publishing.peakRssMb.toFixed(0)} MB.`,
      '',
    ]
  : [`Full build, ours: ${seconds(ourFullMs)} (compile ${seconds(compile.ms)} + render ${seconds(render.ms)}), ${ourPages} files.`, ''];
const markdown = [
  `Forkcast benchmark, ${new Date().toISOString()}: ${POSTS} posts, ${CITIES} cities, ${availableParallelism()} cores, node ${process.version}.`,
  '',
  ...publishingLines,
  ...servingLines,
].join('\n');
console.log(`\n${markdown}`);
writeFileSync(join(OUT, 'latest.md'), `${markdown}\n`);
writeFileSync(
  join(OUT, 'latest.json'),
  `${JSON.stringify(
    {
      posts: POSTS,
      cities: CITIES,
      writes: WRITES,
      ourFull: { compileMs: compile.ms, renderMs: render.ms, pages: ourPages },
      ...(publishing
        ? {
            astroFull: { ms: publishing.astroFull.ms, pages: publishing.astroPages },
            oneEditMs: publishing.oneEdit.ms,
            astroIncrementalMs: publishing.astroIncremental.ms,
            latency: publishing.latency,
            peakRssMb: publishing.peakRssMb,
          }
        : {}),
      serving: { connections: CONNECTIONS, seconds: LOAD_SECONDS, urls: sample.length, ours: ourLoad, nginx: nginxLoad ?? null },
    },
    null,
    2,
  )}\n`,
);
