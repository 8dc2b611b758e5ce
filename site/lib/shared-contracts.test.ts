import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What the site and the API agree on lives in @forkcast/shared/contracts. A second copy of any
// of it would drift from the first unnoticed, so this walks the sources for copies.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = /\.(?:ts|tsx|astro|mjs)$/;

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !file.split(/[\\/]/).includes('node_modules'))
    .map((file) => relative(ROOT, join(ROOT, folder, file)));
}

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Lines of `file` matching `pattern`, as 'file:line: text'. */
function hits(file: string, pattern: RegExp): string[] {
  return read(file)
    .split('\n')
    .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

// This file names what it looks for, so it is the one file not checked.
const site = sources('site').filter((file) => file !== 'site/lib/shared-contracts.test.ts');
// Tests of the API may spell out a wire value they assert (a Set-Cookie line, say); its code may not.
const server = ['admin-api/src', 'scripts'].flatMap(sources).filter((file) => !isTest(file) && !file.startsWith('scripts/images/'));
const everything = [
  ...site,
  ...server,
  ...['admin-api/src', 'tests'].flatMap(sources).filter(isTest),
  ...sources('tests').filter((file) => !isTest(file)),
];

const COPIES: [string, RegExp][] = [
  ['a cookie name', /forkcast_session|forkcast_ui\b/],
  ['the publish header name', /x-forkcast-publish/i],
  ['the email pattern', /\[\^\\s@\]\+@/],
  ['a newsletter form outcome', /not-subscribed/],
  ['the original block id', /ORIGINAL_BLOCK_ID\s*=/],
  ['the CSV problem shape', /interface CsvProblem\b/],
  ['a length limit', /maxLength=\{\d/],
];

describe('shared contracts', () => {
  it('finds the sources it checks', () => {
    expect(site).toContain('site/islands/admin/DashboardQueries.ts');
    expect(server).toContain('admin-api/src/auth/sessions.ts');
    expect(everything).toContain('tests/integration/publisher.test.ts');
  });

  it('keeps the site from importing the API package', () => {
    expect(site.flatMap((file) => hits(file, /['"]@forkcast\/admin-api(?:\/[^'"]*)?['"]/))).toEqual([]);
  });

  it.each(COPIES)('leaves %s to the contracts module', (_, pattern) => {
    expect([...site, ...server].flatMap((file) => hits(file, pattern))).toEqual([]);
  });

  it('reads and writes the publish report header only through its one parser and writer', () => {
    expect(everything.flatMap((file) => hits(file, /pages=/))).toEqual([]);
  });
});
