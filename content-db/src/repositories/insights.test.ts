import { describe, expect, it } from 'vitest';
import { useTempDb } from '../testing.ts';
import type { Db } from '../db.ts';
import {
  addInsightHits,
  deleteInsightHitsBefore,
  insightHitDays,
  insightStorage,
  insightTotals,
  rollUpInsightDay,
  type NewInsightHit,
} from './insights.ts';

let db: Db;
useTempDb((handle) => {
  db = handle;
});

const hit = (over: Partial<NewInsightHit>): NewInsightHit => ({
  at: '2026-11-01T10:00:00.000Z',
  day: '2026-11-01',
  path: '/',
  referrerHost: '',
  device: 'desktop',
  browser: 'Chrome',
  utmSource: '',
  visitor: 'a',
  ...over,
});

describe('insight roll-up', () => {
  it('counts page views and each visitor once a day across pages', async () => {
    await addInsightHits(db, [
      hit({}),
      hit({ path: '/guides/kyoto/' }),
      hit({ visitor: 'b' }),
      hit({ day: '2026-11-02', at: '2026-11-02T01:00:00.000Z' }),
    ]);
    await rollUpInsightDay(db, '2026-11-01');
    await rollUpInsightDay(db, '2026-11-01');
    expect(await insightTotals(db, '2026-11-01', '2026-11-01')).toEqual({ pageviews: 3, visitors: 2 });
    expect(await insightTotals(db, '2026-10-01', '2026-10-31')).toEqual({ pageviews: 0, visitors: 0 });
    expect(await insightHitDays(db)).toEqual(['2026-11-01', '2026-11-02']);
  });

  it('deletes the raw hits of days before the cutoff and keeps the roll-up', async () => {
    await addInsightHits(db, [hit({}), hit({ day: '2026-11-03', at: '2026-11-03T09:00:00.000Z' })]);
    await rollUpInsightDay(db, '2026-11-01');
    expect(await deleteInsightHitsBefore(db, '2026-11-02')).toBe(1);
    expect(await insightStorage(db)).toEqual({ rawHits: 1, dailyRows: 1 });
    expect(await insightTotals(db, '2026-11-01', '2026-11-01')).toEqual({ pageviews: 1, visitors: 1 });
  });
});
