import { describe, expect, it } from 'vitest';
import { useTempDb } from '../testing.ts';
import type { Db } from '../db.ts';
import { sql } from 'kysely';
import {
  addInsightHits,
  addInsightSearches,
  deleteInsightHitsBefore,
  insightReport,
  newsletterInsights,
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

describe('the insight report', () => {
  it('draws every day and hour of the period, compares it with the one before, and ranks pages and sources', async () => {
    await addInsightHits(db, [
      hit({ day: '2026-10-31', at: '2026-10-31T08:00:00.000Z' }),
      hit({}),
      hit({ at: '2026-11-01T10:30:00.000Z', path: '/kyoto/guide', referrerHost: 'news.example', device: 'mobile', browser: 'Safari' }),
      hit({ at: '2026-11-01T14:00:00.000Z', path: '/kyoto/guide', visitor: 'b', utmSource: 'letter' }),
      hit({ day: '2026-11-02', at: '2026-11-02T09:00:00.000Z', path: '/kyoto/guide', visitor: 'c' }),
    ]);
    for (const day of await insightHitDays(db)) await rollUpInsightDay(db, day);
    const report = await insightReport(db, '2026-11-01', '2026-11-03');
    expect(report).toMatchObject({
      pageviews: 4,
      visitors: 3,
      previous: { from: '2026-10-29', to: '2026-10-31', pageviews: 1, visitors: 1 },
      days: [
        { day: '2026-11-01', pageviews: 3, visitors: 2 },
        { day: '2026-11-02', pageviews: 1, visitors: 1 },
        { day: '2026-11-03', pageviews: 0, visitors: 0 },
      ],
      pages: [
        { path: '/kyoto/guide', pageviews: 3, visitors: 3 },
        { path: '/', pageviews: 1, visitors: 1 },
      ],
      referrers: [
        { host: '', pageviews: 3 },
        { host: 'news.example', pageviews: 1 },
      ],
      devices: [
        { device: 'desktop', pageviews: 3 },
        { device: 'mobile', pageviews: 1 },
      ],
      sources: [{ source: 'letter', pageviews: 1 }],
    });
    expect(report.hours).toHaveLength(72);
    expect(report.hours.filter((row) => row.pageviews > 0)).toEqual([
      { hour: '2026-11-01T10', pageviews: 2, visitors: 1 },
      { hour: '2026-11-01T14', pageviews: 1, visitors: 1 },
      { hour: '2026-11-02T09', pageviews: 1, visitors: 1 },
    ]);
    // One page's figures: its days and sources only, and no hours (they are the whole site's).
    expect(await insightReport(db, '2026-11-01', '2026-11-03', '/kyoto/guide')).toMatchObject({
      pageviews: 3,
      visitors: 3,
      days: [
        { day: '2026-11-01', pageviews: 2, visitors: 2 },
        { day: '2026-11-02', pageviews: 1, visitors: 1 },
        { day: '2026-11-03', pageviews: 0, visitors: 0 },
      ],
      hours: [],
      pages: [{ path: '/kyoto/guide', pageviews: 3, visitors: 3 }],
      browsers: [
        { browser: 'Chrome', pageviews: 2 },
        { browser: 'Safari', pageviews: 1 },
      ],
    });
  });

  it('counts searches by day and lists those that found nothing', async () => {
    await addInsightSearches(db, [
      { day: '2026-11-01', query: 'ramen', results: 4 },
      { day: '2026-11-01', query: 'ramen', results: 5 },
      { day: '2026-11-02', query: 'ramen', results: 5 },
      { day: '2026-11-02', query: 'vegan lisbon', results: 0 },
    ]);
    const report = await insightReport(db, '2026-11-01', '2026-11-02');
    expect(report.searches).toEqual([
      { query: 'ramen', searches: 3, results: 5 },
      { query: 'vegan lisbon', searches: 1, results: 0 },
    ]);
    expect(report.zeroResultSearches).toEqual([{ query: 'vegan lisbon', searches: 1 }]);
  });

  it("gives the newsletter's sign-ups, confirmation rate, unsubscribes and each send's outcome", async () => {
    const subscriber = (email: string, subscribedAt: string, confirmedAt: string | null, unsubscribedAt: string | null) =>
      sql`insert into newsletter_subscribers (email, status, subscribed_at, confirmed_at, unsubscribed_at)
        values (${email}, 'confirmed', ${subscribedAt}, ${confirmedAt}, ${unsubscribedAt})`.execute(db);
    await subscriber('a@example.com', '2026-11-01T09:00:00.000Z', '2026-11-01T09:05:00.000Z', null);
    await subscriber('b@example.com', '2026-11-02T09:00:00.000Z', null, null);
    await subscriber('c@example.com', '2026-10-01T09:00:00.000Z', '2026-10-01T09:05:00.000Z', '2026-11-02T10:00:00.000Z');
    await sql`insert into newsletter_sends (id, subject, message_key, status, created_at, started_at, finished_at)
      values (1, 'Autumn in Kyoto', 'k', 'done', '2026-11-02T08:00:00.000Z', '2026-11-02T08:00:01.000Z', '2026-11-02T08:01:00.000Z')`.execute(
      db,
    );
    for (const [email, status] of [
      ['a@example.com', 'sent'],
      ['b@example.com', 'sent'],
      ['x@example.com', 'failed'],
    ])
      await sql`insert into newsletter_deliveries (send_id, email, status, next_attempt_at) values (1, ${email}, ${status}, '2026-11-02T08:00:00.000Z')`.execute(
        db,
      );
    expect(await newsletterInsights(db, '2026-11-01', '2026-11-02')).toEqual({
      signups: 2,
      confirmed: 1,
      confirmationRate: 0.5,
      unsubscribes: 1,
      sends: [{ id: 1, subject: 'Autumn in Kyoto', status: 'done', at: '2026-11-02T08:00:01.000Z', delivered: 2, failed: 1 }],
    });
    expect(await newsletterInsights(db, '2026-12-01', '2026-12-02')).toMatchObject({ signups: 0, confirmationRate: null, sends: [] });
  });
});
