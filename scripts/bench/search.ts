/**
 * The site search at the benchmark's size: (re)builds the search index of the synthetic database
 * from nothing and times it, measures what the index takes on disk, and times the queries a reader's
 * dialog sends (the first page of ten results, with the filters' counts) over a fixed list of
 * queries, several rounds each. `make bench` calls it with the path of its synthetic database.
 */
import {
  clearSearchIndex,
  createDb,
  migrateToLatest,
  nowIso,
  rebuildSearchIndex,
  searchIndexBytes,
  searchSite,
} from '@forkcast/content-db';

/** What readers type: single words, phrases, accents left out, plurals, a prefix being typed, a misspelling, filters. */
const QUERIES: { query: string; type?: 'guide' | 'post' | 'restaurant' }[] = [
  { query: 'ramen' },
  { query: 'noodles' },
  { query: 'ichijoji' },
  { query: 'sushi breakfast' },
  { query: 'coffee' },
  { query: 'market' },
  { query: 'night market dumplings' },
  { query: 'pastel de nata' },
  { query: 'sao paulo' },
  { query: 'tacos' },
  { query: 'wine bar' },
  { query: 'bakery' },
  { query: 'street food' },
  { query: 'ra' },
  { query: 'croiss' },
  { query: 'kaiseki kyoto' },
  { query: 'the' },
  { query: 'resturant' },
  { query: 'ramen', type: 'restaurant' },
  { query: 'guide', type: 'guide' },
];
const ROUNDS = 25;

export interface SearchBenchResult {
  /** Published posts, guides and restaurants in the index. */
  documents: number;
  buildMs: number;
  /** Bytes on disk of the search rows and the FTS5 index together. */
  indexBytes: number;
  queries: number;
  p50Ms: number;
  p95Ms: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** Rebuilds and measures the search index of the database at `databasePath` (it is migrated first). */
export async function benchSearch(databasePath: string): Promise<SearchBenchResult> {
  const db = createDb(databasePath);
  try {
    await migrateToLatest(db);
    // From nothing, so the time is a whole build's whatever the file held.
    await clearSearchIndex(db);
    const started = performance.now();
    const { documents } = await db.transaction().execute((trx) => rebuildSearchIndex(trx, nowIso()));
    const buildMs = performance.now() - started;
    const indexBytes = await searchIndexBytes(db);
    // One warm-up round: a reader's first query after a start reads the index from disk.
    for (const { query, type } of QUERIES) await searchSite(db, { query, type, limit: 10, offset: 0 });
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const { query, type } of QUERIES) {
        const start = performance.now();
        await searchSite(db, { query, type, limit: 10, offset: 0 });
        times.push(performance.now() - start);
      }
    }
    return {
      documents,
      buildMs,
      indexBytes,
      queries: times.length,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
    };
  } finally {
    await db.destroy();
  }
}
