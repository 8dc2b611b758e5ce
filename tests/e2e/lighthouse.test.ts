import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  cityPost,
  getJson,
  join,
  mkdtempSync,
  REPO,
  rmSync,
  startServer,
  tmpdir,
  type RunningServer,
  type SeedCity,
} from './support.ts';

const run = promisify(execFile);
const LIGHTHOUSE_CLI = join(REPO, 'node_modules', 'lighthouse', 'cli', 'index.js');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MIN_SCORE = 0.9;
type Bars = Record<(typeof CATEGORIES)[number], number>;
const USUAL: Bars = { performance: MIN_SCORE, accessibility: MIN_SCORE, 'best-practices': MIN_SCORE, seo: MIN_SCORE };
/**
 * The seeded post with a map embed (its click-to-load facade) and a gallery must have full marks.
 * Its performance depends on the web fonts being asked for after first paint (the head script,
 * site/lib/head-script.ts): Lighthouse's simulation counts every font that arrived before the
 * real first paint, which on loopback they all did, and that alone cost it the last hundredth.
 */
const EMBED_POST = '/lisbon/lisbon-pastel-de-nata-taste-test';
const FULL_MARKS: Bars = { performance: 1, accessibility: 1, 'best-practices': 1, seo: 1 };
/**
 * Lighthouse's own advice on variability: judge the median of several runs. A page is run once, and
 * only a page whose first run misses the bar in some category is run twice more and judged by the
 * median of the three: on a shared machine one run's TBT swings by hundreds of ms, but a page that
 * clears the bar once is not held back by runs it did not need.
 */
const RUNS_WHEN_MISSED = 3;
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

interface Report {
  categories: Record<(typeof CATEGORIES)[number], { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      title: string;
      displayValue?: string;
      scoreDisplayMode: string;
      details?: { items?: { node?: { selector?: string; explanation?: string } }[] };
    }
  >;
  runtimeError?: { message: string };
}

/**
 * Lighthouse's CLI (mobile preset, its default), with Debian's chromium. A run that Lighthouse
 * itself reports as broken (a runtime error such as NO_NAVSTART, "Please run Lighthouse again":
 * its trace recording breaks now and then on a busy machine) is run again, up to three runs in
 * all; a low score never is.
 */
async function lighthouse(url: string, outputPath: string): Promise<Report> {
  const RUNS = 3;
  for (let attempt = 1; ; attempt++) {
    let failure: string | undefined;
    try {
      await run(
        process.execPath,
        [
          LIGHTHOUSE_CLI,
          url,
          '--quiet',
          '--output=json',
          `--output-path=${outputPath}`,
          `--only-categories=${CATEGORIES.join(',')}`,
          `--chrome-flags=${CHROME_FLAGS}`,
        ],
        { env: { ...process.env, CHROME_PATH: CHROMIUM }, timeout: 80_000, maxBuffer: 64 * 1024 * 1024 },
      );
      const report = JSON.parse(readFileSync(outputPath, 'utf8')) as Report;
      if (!report.runtimeError) return report;
      failure = report.runtimeError.message;
    } catch (error) {
      failure = String(error);
      if (!/Runtime error encountered|Please run Lighthouse again|NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT/.test(failure)) throw error;
    }
    if (attempt >= RUNS) throw new Error(`lighthouse ${url} broke ${RUNS} times: ${failure}`);
    console.warn(
      `lighthouse ${url}: run ${attempt} broke (${failure.split('\n').find((line) => /error/i.test(line)) ?? failure.slice(0, 200)}), running it again`,
    );
  }
}

/**
 * The elements an audit failed on (an accessibility audit names them), as selector and reason: a
 * failure seen once in a shared run can then be found again without rerunning it.
 */
function failedNodes(audit: Report['audits'][string]): string {
  const nodes = (audit.details?.items ?? []).flatMap((item) => (item.node?.selector ? [item.node] : []));
  if (nodes.length === 0) return '';
  const shown = nodes.slice(0, 3).map((node) => `${node.selector}${node.explanation ? `: ${node.explanation.replace(/\s+/g, ' ')}` : ''}`);
  return ` at ${shown.join('; ')}${nodes.length > 3 ? ` (and ${nodes.length - 3} more)` : ''}`;
}

/** The failing audits of a category that cost it points, for the failure message. */
function failingAudits(report: Report, category: (typeof CATEGORIES)[number]): string[] {
  return report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ id: ref.id, audit: report.audits[ref.id]! }))
    .filter(
      ({ audit }) =>
        audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'informative' && audit.score !== null && audit.score < 0.9,
    )
    .map(({ id, audit }) => `${id} (${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''})${failedNodes(audit)}`);
}

describe('lighthouse (mobile)', () => {
  let server: RunningServer;
  let outDir: string;
  const rows: { page: string; scores: Record<string, number | null>; runs: string; misses: string[] }[] = [];
  let pages: { name: string; path: string }[] = [];

  beforeAll(async () => {
    server = await startServer();
    outDir = mkdtempSync(join(tmpdir(), 'forkcast-lighthouse-'));
    const cities = await getJson<SeedCity[]>(server, '/api/cities');
    const mapCity = cities.find((c) => c.mapEmbedUrl)!;
    pages = [
      { name: 'home', path: '/' },
      { name: 'city-guides', path: '/city-guides' },
      { name: 'guide', path: `/${mapCity.slug}/guide` },
      { name: 'post', path: (await cityPost(server, 3)).path },
      { name: 'embeds', path: EMBED_POST },
    ];
  });
  afterAll(async () => {
    await server?.stop();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
    const header = `| page | ${CATEGORIES.join(' | ')} | performance of each run |`;
    const line = `|---|${CATEGORIES.map(() => '---').join('|')}|---|`;
    const body = rows.map(
      (row) =>
        `| ${row.page} | ${CATEGORIES.map((c) => (row.scores[c] === null ? 'n/a' : row.scores[c]!.toFixed(2))).join(' | ')} | ${row.runs} |`,
    );
    const misses = [...new Set(rows.flatMap((row) => row.misses.map((miss) => `  ${row.page}: ${miss}`)))];
    console.log(
      [
        'Lighthouse scores (mobile preset; the median of three runs where the first missed the bar):',
        header,
        line,
        ...body,
        ...(misses.length ? ['audits below 0.9 in some run:', ...misses] : []),
      ].join('\n'),
    );
  });

  const audited: [label: string, bars: Bars][] = [
    [`home scores at least ${MIN_SCORE} in every category`, USUAL],
    [`/city-guides scores at least ${MIN_SCORE} in every category`, USUAL],
    [`a guide with its map scores at least ${MIN_SCORE} in every category`, USUAL],
    [`a post scores at least ${MIN_SCORE} in every category`, USUAL],
    ['a post with an embed and a gallery scores 1 in every category', FULL_MARKS],
  ];
  for (const [index, [label, bars]] of audited.entries()) {
    it(label, { timeout: 420_000 }, async () => {
      const { name, path } = pages[index]!;
      const reports: Report[] = [await lighthouse(`${server.url}${path}`, join(outDir, `${name}-1.json`))];
      const missed = CATEGORIES.some((c) => (reports[0]!.categories[c].score ?? 0) < bars[c]);
      for (let run = 2; missed && run <= RUNS_WHEN_MISSED; run++) {
        reports.push(await lighthouse(`${server.url}${path}`, join(outDir, `${name}-${run}.json`)));
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(reports.map((r) => r.categories[c].score ?? 0))]));
      const misses = reports.flatMap((report) => CATEGORIES.flatMap((c) => failingAudits(report, c).map((audit) => `${c}: ${audit}`)));
      rows.push({
        page: `${name} (${path})`,
        scores,
        runs: reports.map((r) => r.categories.performance.score?.toFixed(2)).join(' '),
        misses,
      });
      for (const category of CATEGORIES) {
        expect(
          scores[category],
          `${name} ${category} (runs: ${reports.map((r) => r.categories[category].score).join(', ')}); audits below 0.9: ${misses.join('; ')}`,
        ).toBeGreaterThanOrEqual(bars[category]);
      }
    });
  }
});
