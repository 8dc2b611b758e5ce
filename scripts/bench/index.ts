/**
 * `make bench`: Forkcast's publisher against Astro's own static build, on a synthetic database of
 * BENCH_POSTS posts (default 10,000) in BENCH_CITIES cities (default 200), in one run:
 * full builds, one block edit (ours vs Astro's experimental incremental build), write -> published
 * latencies for BENCH_WRITES writes of each kind (default 200; BENCH_HEAVY_WRITES, default 20, for the
 * two kinds that re-render every listing), and the server's peak memory.
 * Prints a table and writes bench-results/latest.{json,md}. Never part of `make test`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { createPublishingApp, distPaths, ensureFullRender, hashPassword, loadConfig } from '@forkcast/admin-api';
import { commitChange, insertPost, listPosts, nowIso, upsertAdmin, type Db } from '@forkcast/content-db';
import { parsePublishReport, PUBLISH_HEADER } from '@forkcast/content-db/contracts';
import { seededRandom } from '@forkcast/content-db/testing/random';
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
const ourDist = distPaths(join(WORK, 'ours'));
const compile = timed(() => astroBuild({ FORKCAST_OUT_DIR: ourDist.distDir, FORKCAST_CACHE_DIR: join(WORK, 'cache-ours') }));
const render = await timedAsync(() =>
  ensureFullRender({ db, dist: ourDist, site: SITE, force: true, workers: availableParallelism(), databasePath: dbPath }),
);
const ourPages = render.result!.pages;

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
const peakRssMb = peakRss / 1024 / 1024;
await db.destroy();

// --- Report ------------------------------------------------------------------------------------
const ourFullMs = compile.ms + render.ms;
const rows = [
  ['measure', 'Forkcast', "Astro's own", 'ratio (Astro / Forkcast)'],
  [
    'full build, wall time',
    `${seconds(ourFullMs)} (compile ${seconds(compile.ms)} + render ${seconds(render.ms)})`,
    seconds(astroFull.ms),
    `${(astroFull.ms / ourFullMs).toFixed(2)}x`,
  ],
  [
    'full build, pages/second',
    `${(ourPages / (ourFullMs / 1000)).toFixed(0)} (${ourPages} files)`,
    `${(astroPages / (astroFull.ms / 1000)).toFixed(0)} (${astroPages} pages)`,
    `${(ourPages / (ourFullMs / 1000) / (astroPages / (astroFull.ms / 1000))).toFixed(2)}x faster`,
  ],
  [
    'one block edit, write -> published',
    `${oneEdit.ms.toFixed(0)} ms`,
    `${seconds(astroIncremental.ms)} (incremental build)`,
    `${(astroIncremental.ms / oneEdit.ms).toFixed(0)}x`,
  ],
];
const latencyRows = [
  ['write', 'writes', 'p50', 'p95', 'pages changed (mean)'],
  ...Object.entries(latency).map(([kind, l]) => [
    kind,
    String(l.writes),
    `${l.p50.toFixed(1)} ms`,
    `${l.p95.toFixed(1)} ms`,
    l.pages.toFixed(1),
  ]),
];
const table = (data: string[][]) =>
  data.map((row, i) => `| ${row.join(' | ')} |${i === 0 ? `\n|${row.map(() => ' --- |').join('')}` : ''}`).join('\n');
const markdown = [
  `Forkcast benchmark, ${new Date().toISOString()}: ${POSTS} posts, ${CITIES} cities, ${availableParallelism()} cores, node ${process.version}.`,
  '',
  table(rows),
  '',
  "Write -> published (the write's HTTP request until its pages are live):",
  '',
  table(latencyRows),
  '',
  `Peak RSS of the server process (publisher, app, SQLite) during the run: ${peakRssMb.toFixed(0)} MB.`,
].join('\n');
console.log(`\n${markdown}`);
writeFileSync(join(OUT, 'latest.md'), `${markdown}\n`);
writeFileSync(
  join(OUT, 'latest.json'),
  `${JSON.stringify({ posts: POSTS, cities: CITIES, writes: WRITES, ourFull: { compileMs: compile.ms, renderMs: render.ms, pages: ourPages }, astroFull: { ms: astroFull.ms, pages: astroPages }, oneEditMs: oneEdit.ms, astroIncrementalMs: astroIncremental.ms, latency, peakRssMb }, null, 2)}\n`,
);
