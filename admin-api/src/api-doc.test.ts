import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiDocPages } from './offline.ts';

const DOCS = join(import.meta.dirname, '../../docs');

describe('docs/api.md and docs/openapi.json', () => {
  it('are what `make docs` writes from the route table', async () => {
    const pages = await apiDocPages();
    expect(readFileSync(join(DOCS, 'api.md'), 'utf8')).toBe(pages['api.md']);
    expect(readFileSync(join(DOCS, 'openapi.json'), 'utf8')).toBe(pages['openapi.json']);
  });

  it('give every call of the document its row and its section', async () => {
    const pages = await apiDocPages();
    const doc = JSON.parse(pages['openapi.json']) as { paths: Record<string, Record<string, unknown>> };
    const calls = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(calls.length).toBeGreaterThan(50);
    for (const call of calls) {
      expect(pages['api.md'], call).toContain(`| [\`${call}\`](#`);
      expect(pages['api.md'], call).toContain(`\n### ${call}\n`);
    }
  });
});
