/**
 * How each write's cost grows with the archive: `BENCH_SIZES=1000,10000,100000 make bench` runs the
 * bench once per size, each in a process of its own (so each has its own peak memory), and every run,
 * with BENCH_SIZES or not, keeps its results as bench-results/posts-{n}.json. The growth table is made
 * from every such file there, so separate runs at different sizes merge into one table.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResults } from './report.ts';

/** Set in the environment of each run of BENCH_SIZES, which leaves the growth table to the run of all sizes. */
export const ONE_OF_SIZES = 'BENCH_ONE_OF_SIZES';

/** The sizes BENCH_SIZES names, in order, or undefined when it is unset. */
export function benchSizes(value: string | undefined): number[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const sizes = value.split(',').map((size) => Number(size.trim().replaceAll('_', '')));
  if (sizes.some((size) => !Number.isInteger(size) || size < 1))
    throw new Error(`BENCH_SIZES=${value}: give post counts separated by commas`);
  return sizes.sort((a, b) => a - b);
}

/** The file one run at `posts` posts keeps its results in. */
export const sizeResultsFile = (out: string, posts: number) => join(out, `posts-${posts}.json`);

/**
 * Runs the bench script once per size, in this process's node with its flags. Without BENCH_ONLY the
 * runs skip the serving load, which does not depend on the writes measured here.
 */
export function runSizes(script: string, sizes: readonly number[]): void {
  for (const posts of sizes) {
    console.log(`\n=== BENCH_POSTS=${posts} ===`);
    const { BENCH_SIZES: _sizes, ...env } = process.env;
    const run = spawnSync(process.execPath, [...process.execArgv, script], {
      env: { ...env, BENCH_POSTS: String(posts), BENCH_ONLY: process.env.BENCH_ONLY ?? 'publishing', [ONE_OF_SIZES]: '1' },
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error(`The bench at ${posts} posts failed (exit ${run.status ?? run.signal})`);
  }
}

/** The results of every size measured so far, smallest first. */
export function sizeResults(out: string): BenchResults[] {
  if (!existsSync(out)) return [];
  return readdirSync(out)
    .filter((file) => /^posts-\d+\.json$/.test(file))
    .map((file) => JSON.parse(readFileSync(join(out, file), 'utf8')) as BenchResults)
    .sort((a, b) => a.posts - b.posts);
}

const load = (value: readonly number[] | undefined) => (value ? value.map((n) => n.toFixed(1)).join(' ') : 'n/a');

/**
 * One row per size: each write's p95 and the pages it re-rendered (mean / most), with the load
 * average the machine had while the writes ran, then the sizes of what the run left on disk.
 */
export function growthReport(results: readonly BenchResults[]): string {
  const measured = results.filter((result) => result.publishing);
  if (measured.length === 0) return 'No run at any size has measured writes yet.';
  const kinds = [...new Set(measured.flatMap((result) => Object.keys(result.publishing!.latency)))];
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const lines = [
    'How each write grows with the archive: p95 write -> live, and pages rendered per write (mean / most):',
    '',
    row(['posts', 'load avg (1 5 15 min)', ...kinds]),
    row(['---', '---', ...kinds.map(() => '---')]),
    ...measured.map((result) =>
      row([
        String(result.posts),
        load(result.publishing!.loadAverage),
        ...kinds.map((kind) => {
          const timing = result.publishing!.latency[kind];
          return timing
            ? `${timing.p95.toFixed(timing.p95 < 10 ? 1 : 0)} ms (${timing.rendered.mean.toFixed(1)} / ${timing.rendered.max})`
            : 'n/a';
        }),
      ]),
    ),
    '',
    row([
      'posts',
      'full build',
      'peak RSS, build',
      'peak RSS, server',
      'database',
      'search rows + index',
      'site folder',
      'search p50 / p95',
      'measured at',
    ]),
    row(['---', '---', '---', '---', '---', '---', '---', '---', '---']),
    ...results.map((result) => {
      const fullMs = result.ourFull.compileMs + result.ourFull.renderMs;
      const mb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
      return row([
        String(result.posts),
        `${(fullMs / 1000).toFixed(1)} s, ${(result.ourFull.pages / (fullMs / 1000)).toFixed(0)} pages/s`,
        result.ourFull.peakRssMb === undefined ? 'n/a' : `${result.ourFull.peakRssMb.toFixed(0)} MB`,
        result.publishing ? `${result.publishing.peakRssMb.toFixed(0)} MB` : 'n/a',
        mb(result.sizes?.databaseBytes),
        mb(result.search.indexBytes),
        mb(result.sizes?.siteBytes),
        `${result.search.p50Ms.toFixed(1)} / ${result.search.p95Ms.toFixed(1)} ms`,
        result.at,
      ]);
    }),
  ];
  return lines.join('\n');
}
