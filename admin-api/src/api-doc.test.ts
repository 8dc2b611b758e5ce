import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './testing.ts';

const API_DOC = readFileSync(join(import.meta.dirname, '../../docs/api.md'), 'utf8');

/** The rows of docs/api.md's table of calls: the lines after its `| call | who | notes |` header. */
function apiTableRows(): string[] {
  const lines = API_DOC.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| call | who | notes |'));
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|')[1]!);
  }
  return rows;
}

describe('docs/api.md: the table of calls', () => {
  // The table abbreviates (`.../content/:id`, `GET/POST`), so a route counts as listed when one
  // row's call names its method and its last fixed path segment.
  it('lists every route the app answers', async () => {
    const t = await createTestApp();
    try {
      const rows = apiTableRows();
      expect(rows.length).toBeGreaterThan(10);
      const routes = new Set(
        t.app.routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL').map((r) => `${r.method} ${r.path}`),
      );
      const missing = [...routes].filter((route) => {
        const [method, path] = route.split(' ') as [string, string];
        const segment = path
          .split('/')
          .filter((s) => s !== '' && !s.startsWith(':'))
          .at(-1)!;
        const named = new RegExp(`/${segment}(?![\\w-])`);
        return !rows.some((row) => new RegExp(`\\b${method}\\b`).test(row) && named.test(row));
      });
      expect(missing).toEqual([]);
    } finally {
      await t.cleanup();
    }
  });
});
