/** The report of `make bench`: every figure, and the figures held against the publisher's targets. */
import type { SearchBenchResult } from './search.ts';
import type { LoadResult } from './serving.ts';
import type { WriteTiming } from './writes.ts';

/** Above this many posts the bench skips Astro's own builds, which would take most of an hour. */
export const ASTRO_MAX_POSTS = 10_000;

export interface BenchResults {
  posts: number;
  cities: number;
  cores: number;
  node: string;
  at: string;
  /** cpuMs: user + system time of every thread of the build's processes, where the system says. */
  ourFull: {
    compileMs: number;
    renderMs: number;
    pages: number;
    cpuMs: number | undefined;
    /** The render's peak resident memory, worker threads included, as `make build` reports it. */
    peakRssMb?: number;
  };
  publishing?: {
    /** Astro's own builds; undefined above ASTRO_MAX_POSTS, where they are skipped. */
    astro?: { full: { ms: number; pages: number; cpuMs: number | undefined }; incrementalMs: number };
    oneEditMs: number;
    latency: Record<string, WriteTiming>;
    peakRssMb: number;
    /** The machine's load average (1, 5, 15 minutes) when the timed writes ended. */
    loadAverage?: number[];
  };
  /** Bytes on disk of the database file and of the site folder after the run's writes. */
  sizes?: { databaseBytes: number; siteBytes: number };
  serving?: {
    connections: number;
    seconds: number;
    urls: number;
    ours: LoadResult;
    nginx: { label: string; load: LoadResult } | { skipped: string };
    /** Page views counted at POST /api/collect under the same kind of load, and how many were stored. */
    collect?: { load: LoadResult; stored: number; sent: number };
  };
  search: SearchBenchResult;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const table = (rows: string[][]) =>
  rows.map((row, i) => `| ${row.join(' | ')} |${i === 0 ? `\n|${row.map(() => ' --- |').join('')}` : ''}`).join('\n');

/**
 * The full builds' CPU time beside their wall time: how much of the ratio comes from using more of
 * the machine's cores, and how much from doing less work. None where the system does not say.
 */
function cpuRow(ourCpuMs: number | undefined, ourMs: number, astroCpuMs: number | undefined, astroMs: number): string[][] {
  if (ourCpuMs === undefined || astroCpuMs === undefined) return [];
  const busy = (cpuMs: number, wallMs: number) => `${seconds(cpuMs)} (${(cpuMs / wallMs).toFixed(1)} cores busy)`;
  return [
    ['full build, CPU time (user + system)', busy(ourCpuMs, ourMs), busy(astroCpuMs, astroMs), `${(astroCpuMs / ourCpuMs).toFixed(2)}x`],
  ];
}

/** The full build's peak memory, as a clause of a sentence, or nothing where the build did not say. */
function buildMemory(ourFull: BenchResults['ourFull']): string {
  return ourFull.peakRssMb === undefined ? '' : `, peak RSS ${ourFull.peakRssMb.toFixed(0)} MB`;
}

interface Target {
  measure: string;
  /** What the same benchmark measured before the work on it, at the same size (see Scale). */
  before: string;
  target: string;
  now: string;
  met: boolean | undefined;
}

/** A row of the targets for a peak of memory against its limit. */
const peakRssTarget = (measure: string, before: string, peakMb: number, limitMb: number): Target => ({
  measure,
  before,
  target: `<= ${limitMb} MB`,
  now: `${peakMb.toFixed(0)} MB`,
  met: peakMb <= limitMb,
});

/**
 * What a run is held against at its size: the publisher's targets at 10,000 posts and below, and
 * issue 43's at larger archives, each with what the same benchmark measured before the work on them.
 */
interface Scale {
  heading: string;
  /** Per kind of write: its p95 limit (ms) and its p95 before. */
  writes: [kind: string, limitMs: number, before: string][];
  server: { limitMb: number; before: string };
  buildMemoryBefore: string;
  throughputBefore: string;
  pagesBefore: string;
  /** The site search's query p95 limit on the server (ms), where the size has one. */
  search?: { limitMs: number; before: string };
}

const STANDARD: Scale = {
  heading: 'Targets at 10,000 posts (before: the same benchmark at 10,000 posts before the publisher was reworked):',
  writes: [
    ['new post', 300, '14 s'],
    ['CSV guide (15 rows)', 500, '16.8 s'],
    ['post hero change', 100, '1.3 s'],
    ['block edit', 30, '52 ms'],
    ['unpublish', 500, '2.8 s'],
  ],
  server: { limitMb: 400, before: '1075 MB' },
  buildMemoryBefore: 'not measured',
  throughputBefore: '110 pages/s',
  pagesBefore: 'up to ~460',
};

const LARGE: Scale = {
  heading: 'Targets above 10,000 posts, set for 100,000 (before: the first run at 100,000 posts, 2026-11-28):',
  writes: [
    ['block edit', 30, '35 ms'],
    ['new post', 300, '1.7 s'],
    ['post hero change', 150, '221 ms'],
    ['unpublish', 500, '4.8 s'],
    ['CSV guide (15 rows)', 500, '3.8 s'],
    ['re-slug', 300, '3.9 s'],
  ],
  server: { limitMb: 500, before: '1157 MB' },
  buildMemoryBefore: '2657 MB',
  throughputBefore: '368 pages/s',
  pagesBefore: '22 (unpublish)',
  search: { limitMs: 30, before: '517 ms' },
};

/** The targets a run of `posts` posts is held against. */
const scaleOf = (posts: number): Scale => (posts > ASTRO_MAX_POSTS ? LARGE : STANDARD);

function targets(results: BenchResults): Target[] {
  const { publishing, serving, ourFull } = results;
  const scale = scaleOf(results.posts);
  const fullMs = ourFull.compileMs + ourFull.renderMs;
  const rows: Target[] = [];
  for (const [kind, limit, before] of scale.writes) {
    const timing = publishing?.latency[kind];
    rows.push({
      measure: `${kind}, write -> live, p95`,
      before,
      target: `<= ${limit} ms`,
      now: timing ? ms(timing.p95) : 'n/a',
      met: timing && timing.p95 <= limit,
    });
  }
  if (publishing) {
    const most = Object.entries(publishing.latency).sort(([, a], [, b]) => b.rendered.max - a.rendered.max)[0];
    rows.push({
      measure: 'pages re-rendered per write, most',
      before: scale.pagesBefore,
      target: 'only pages whose output changes, + a bounded few',
      now: most ? `${most[1].rendered.max} (${most[0]})` : 'n/a',
      met: undefined,
    });
    if (publishing.astro) {
      const ratio = publishing.astro.full.ms / fullMs;
      rows.push({
        measure: 'full build vs Astro static, same pages, same run',
        before: '1.16x',
        target: '>= 3x',
        now: `${ratio.toFixed(2)}x`,
        met: ratio >= 3,
      });
    }
    rows.push(peakRssTarget('peak RSS of the server during the bench', scale.server.before, publishing.peakRssMb, scale.server.limitMb));
  }
  if (ourFull.peakRssMb !== undefined)
    rows.push(peakRssTarget('peak RSS of the full build (make build)', scale.buildMemoryBefore, ourFull.peakRssMb, 500));
  const throughput = ourFull.pages / (fullMs / 1000);
  rows.push({
    measure: 'full build throughput',
    before: scale.throughputBefore,
    target: '>= 400 pages/s',
    now: `${throughput.toFixed(0)} pages/s`,
    met: throughput >= 400,
  });
  if (scale.search)
    rows.push({
      measure: `site search, ${results.search.queries} queries on the server, p95`,
      before: scale.search.before,
      target: `<= ${scale.search.limitMs} ms`,
      now: ms(results.search.p95Ms),
      met: results.search.p95Ms <= scale.search.limitMs,
    });
  if (serving) {
    const nginx = 'load' in serving.nginx ? serving.nginx.load : undefined;
    const share = nginx ? serving.ours.requestsPerSecond / nginx.requestsPerSecond : undefined;
    rows.push({
      measure: `static page reads, ${serving.connections} connections, ${serving.seconds} s`,
      before: '~513 req/s (10 connections)',
      target: '>= 5,000 req/s, p99 <= 50 ms, >= 50% of nginx',
      now: `${serving.ours.requestsPerSecond.toFixed(0)} req/s, p99 ${ms(serving.ours.p99)}${share === undefined ? '' : `, ${(share * 100).toFixed(0)}% of nginx`}`,
      met: serving.ours.requestsPerSecond >= 5000 && serving.ours.p99 <= 50 && (share === undefined || share >= 0.5),
    });
    if (serving.collect)
      rows.push({
        measure: `page views counted (POST /api/collect), ${serving.connections} connections`,
        before: 'none counted',
        target: '>= 5,000 hits/s, none lost',
        now: `${serving.collect.load.requestsPerSecond.toFixed(0)} hits/s, p99 ${ms(serving.collect.load.p99)}, ${serving.collect.stored} stored of ${serving.collect.sent} answered`,
        // The server also stores the views still in flight when wrk stops, which wrk does not count.
        met: serving.collect.load.requestsPerSecond >= 5000 && serving.collect.stored >= serving.collect.sent,
      });
  }
  return rows;
}

const loadCells = (result: LoadResult) => [
  result.requestsPerSecond.toFixed(0),
  ms(result.p50),
  ms(result.p99),
  result.serverCpuUs === undefined ? 'n/a' : `${result.serverCpuUs.toFixed(0)} us`,
  `${result.encoding}${result.non2xx + result.errors > 0 ? `; ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
];

/** The serving load's table and what bounds it. */
function servingLines(serving: NonNullable<BenchResults['serving']>): string[] {
  const nginx = 'load' in serving.nginx ? serving.nginx : undefined;
  return [
    `Serving: ${serving.connections} connections for ${serving.seconds} s on loopback (wrk, one thread), ${serving.urls} page URLs in turn, Accept-Encoding: br, gzip:`,
    '',
    table([
      ['server', 'req/s', 'p50', 'p99', 'server CPU per request', 'encoding served'],
      ['Forkcast (make start)', ...loadCells(serving.ours)],
      ...(nginx ? [[nginx.label, ...loadCells(nginx.load)]] : []),
    ]),
    '',
    nginx
      ? `Forkcast serves ${((serving.ours.requestsPerSecond / nginx.load.requestsPerSecond) * 100).toFixed(0)}% of nginx's requests per second.`
      : `nginx skipped: ${'skipped' in serving.nginx ? serving.nginx.skipped : 'it did not run'}.`,
    // The load generator shares the machine's cores with the server: what it costs per request
    // bounds what any server can be measured at here.
    `The load generator (wrk, one thread) spent ${[serving.ours, ...(nginx ? [nginx.load] : [])]
      .map((result) => `${result.clientCpuUs.toFixed(0)} us`)
      .join(nginx ? ' (ours) and ' : '')}${nginx ? ' (nginx)' : ''} of CPU per request: one core of it sends at most about ${(
      1e6 / Math.min(serving.ours.clientCpuUs, nginx?.load.clientCpuUs ?? Number.POSITIVE_INFINITY)
    ).toFixed(0)} requests/s, whichever server answers.`,
    '',
  ];
}

/** The whole report as Markdown: the targets first, then every figure behind them. */
export function markdownReport(results: BenchResults): string {
  const { publishing, serving, ourFull } = results;
  const fullMs = ourFull.compileMs + ourFull.renderMs;
  const lines = [
    `Forkcast benchmark, ${results.at}: ${results.posts} posts, ${results.cities} cities, ${results.cores} cores, node ${results.node}.`,
    '',
    scaleOf(results.posts).heading,
    '',
    table([
      ['measure', 'before', 'target', 'now', 'met'],
      ...targets(results).map((row) => [
        row.measure,
        row.before,
        row.target,
        row.now,
        row.met === undefined ? '-' : row.met ? 'yes' : 'no',
      ]),
    ]),
    '',
  ];
  if (publishing) {
    const { astro } = publishing;
    lines.push(
      ...(astro
        ? [
            table([
              ['measure', 'Forkcast', "Astro's own", 'ratio (Astro / Forkcast)'],
              [
                'full build, wall time',
                `${seconds(fullMs)} (compile ${seconds(ourFull.compileMs)} + render ${seconds(ourFull.renderMs)})`,
                seconds(astro.full.ms),
                `${(astro.full.ms / fullMs).toFixed(2)}x`,
              ],
              ...cpuRow(ourFull.cpuMs, fullMs, astro.full.cpuMs, astro.full.ms),
              [
                'full build, pages/second',
                `${(ourFull.pages / (fullMs / 1000)).toFixed(0)} (${ourFull.pages} files)`,
                `${(astro.full.pages / (astro.full.ms / 1000)).toFixed(0)} (${astro.full.pages} pages)`,
                `${(ourFull.pages / (fullMs / 1000) / (astro.full.pages / (astro.full.ms / 1000))).toFixed(2)}x faster`,
              ],
              [
                'one block edit, write -> published',
                ms(publishing.oneEditMs),
                `${seconds(astro.incrementalMs)} (incremental build)`,
                `${(astro.incrementalMs / publishing.oneEditMs).toFixed(0)}x`,
              ],
            ]),
          ]
        : [
            `Full build, ours: ${seconds(fullMs)} (compile ${seconds(ourFull.compileMs)} + render ${seconds(ourFull.renderMs)}), ${ourFull.pages} files, ${(ourFull.pages / (fullMs / 1000)).toFixed(0)} pages/s${buildMemory(ourFull)}. Astro's own builds skipped (above ${ASTRO_MAX_POSTS} posts, or BENCH_ASTRO=0).`,
          ]),
      '',
      "Write -> published (the write's HTTP request until its pages are live):",
      '',
      table([
        ['write', 'writes', 'p50', 'p95', 'pages rendered (mean / most)', 'pages changed (mean)'],
        ...Object.entries(publishing.latency).map(([kind, l]) => [
          kind,
          String(l.writes),
          ms(l.p50),
          ms(l.p95),
          `${l.rendered.mean.toFixed(1)} / ${l.rendered.max}`,
          l.changed.toFixed(1),
        ]),
      ]),
      '',
      `Peak RSS of the server process (publisher, app, SQLite) during the writes: ${publishing.peakRssMb.toFixed(0)} MB. Load average (1, 5, 15 min) as the writes ended: ${publishing.loadAverage?.map((n) => n.toFixed(2)).join(', ') ?? 'n/a'}.`,
      '',
    );
  } else {
    lines.push(
      `Full build, ours: ${seconds(fullMs)} (compile ${seconds(ourFull.compileMs)} + render ${seconds(ourFull.renderMs)}), ${ourFull.pages} files${buildMemory(ourFull)}.`,
      '',
    );
  }
  lines.push(
    ...(serving ? servingLines(serving) : ['Serving: not measured in this run (BENCH_ONLY).', '']),
    `Search (SQLite FTS5): ${results.search.documents} documents indexed from nothing in ${seconds(results.search.buildMs)}; rows and index take ${(
      results.search.indexBytes / 1024 / 1024
    ).toFixed(0)} MB; ${results.search.queries} queries on the server: p50 ${ms(results.search.p50Ms)}, p95 ${ms(results.search.p95Ms)}.`,
    ...(results.sizes
      ? [
          '',
          `On disk after the writes: the database ${(results.sizes.databaseBytes / 1024 / 1024).toFixed(0)} MB (search rows and index included), the site folder ${(results.sizes.siteBytes / 1024 / 1024).toFixed(0)} MB.`,
        ]
      : []),
  );
  return lines.join('\n');
}
