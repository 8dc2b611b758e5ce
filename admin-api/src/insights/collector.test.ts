import { describe, expect, it } from 'vitest';
import { addInsightHits, insightTotals, type Db } from '@forkcast/content-db';
import { useTempDb } from '@forkcast/content-db/testing';
import { InsightCollector, SEARCH_SETTLE_MS } from './collector.ts';
import { DailySalt } from './visitor.ts';

describe('counting searches', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });
  const searches = () => db.selectFrom('insightSearches').select(['day', 'query', 'searches', 'results']).orderBy('query').execute();

  it('counts a search typed letter by letter once, as its last words, and a new one apart', async () => {
    let time = Date.parse('2026-11-02T09:00:00.000Z');
    const now = () => new Date(time);
    const collector = new InsightCollector(db, new DailySalt(now), now);
    const reader = { address: '203.0.113.7', userAgent: 'Firefox', site: 'forkcast.example' };
    for (const [query, results] of [
      ['ra', 40],
      ['Ram', 9],
      ['ramen ', 7],
    ] as const) {
      collector.recordSearch({ ...reader, query, results });
      time += 400;
    }
    // Another reader typing the same words is another search.
    collector.recordSearch({ ...reader, address: '198.51.100.2', query: 'ramen', results: 7 });
    // Words that do not grow from the last ones are a new search at once.
    collector.recordSearch({ ...reader, query: 'vegan lisbon', results: 0 });
    await collector.flush();
    expect(await searches()).toEqual([{ day: '2026-11-02', query: 'ramen', searches: 1, results: 7 }]);
    time += SEARCH_SETTLE_MS;
    collector.recordSearch({ ...reader, query: 'vegan lisbon', results: 0 });
    await collector.flush({ all: true });
    expect(await searches()).toEqual([
      { day: '2026-11-02', query: 'ramen', searches: 2, results: 7 },
      { day: '2026-11-02', query: 'vegan lisbon', searches: 2, results: 0 },
    ]);
  });
});

describe('catching the totals up', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });
  const reader = { referrer: '', address: '203.0.113.7', userAgent: 'Firefox', site: 'forkcast.example' };
  const viewsOn = async (day: string) => (await insightTotals(db, day, day)).pageviews;

  it('folds in only the days that took views since the last catch-up, and every day after a restart', async () => {
    let time = Date.parse('2026-11-01T22:00:00.000Z');
    const now = () => new Date(time);
    const collector = new InsightCollector(db, new DailySalt(now), now);
    collector.record({ ...reader, path: '/kyoto/guide' });
    time += 4 * 3600_000;
    collector.record({ ...reader, path: '/kyoto/guide' });
    await collector.catchUp();
    expect([await viewsOn('2026-11-01'), await viewsOn('2026-11-02')]).toEqual([1, 1]);

    // A view of the day before written by another process is not this collector's to know of...
    const { id: _id, ...written } = await db
      .selectFrom('insightHits')
      .selectAll()
      .where('day', '=', '2026-11-01')
      .executeTakeFirstOrThrow();
    await addInsightHits(db, [written]);
    collector.record({ ...reader, path: '/posts' });
    await collector.catchUp();
    expect([await viewsOn('2026-11-01'), await viewsOn('2026-11-02')]).toEqual([1, 2]);

    // ...but a collector that has not caught up yet (a restart) folds every day in.
    await new InsightCollector(db, new DailySalt(now), now).catchUp();
    expect([await viewsOn('2026-11-01'), await viewsOn('2026-11-02')]).toEqual([2, 2]);
  });
});
