import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchSearch } from '../../scripts/bench/search.ts';
import { createSyntheticDb } from '../../scripts/bench/synthetic-db.ts';

describe("the search benchmark's measurement", () => {
  it('builds the index of a synthetic database from nothing and measures it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forkcast-search-bench-'));
    try {
      const path = join(dir, 'content.db');
      await (await createSyntheticDb(path, { posts: 120, cities: 6 })).destroy();
      const result = await benchSearch(path);
      // Every published post and guide, and each guide's ten itinerary rows.
      expect(result.documents).toBeGreaterThan(100 + 6 * 10);
      expect(result.indexBytes).toBeGreaterThan(0);
      expect(result.queries).toBeGreaterThan(100);
      expect(result.p95Ms).toBeGreaterThanOrEqual(result.p50Ms);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
