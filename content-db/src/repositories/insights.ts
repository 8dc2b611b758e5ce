import { sql } from 'kysely';
import type { Db } from '../db.ts';
import type { InsightCount, InsightsView, NewsletterInsights } from '@forkcast/shared/contracts';
import type { Database } from '../schema.ts';

export type NewInsightHit = Omit<Database['insightHits'], 'id'>;

/** Stores a batch of hits in one statement per 500 rows (SQLite's variable limit stays far away). */
export async function addInsightHits(db: Db, hits: readonly NewInsightHit[]): Promise<void> {
  for (let i = 0; i < hits.length; i += 500) {
    await db
      .insertInto('insightHits')
      .values(hits.slice(i, i + 500))
      .execute();
  }
}

/**
 * Folds one day's raw hits into the daily tables, replacing what an earlier roll-up of the same day
 * wrote, so rolling up again as hits keep arriving is safe.
 */
export async function rollUpInsightDay(db: Db, day: string): Promise<void> {
  await db.deleteFrom('insightDaily').where('day', '=', day).execute();
  await db.deleteFrom('insightDailyVisitors').where('day', '=', day).execute();
  await sql`insert into insight_daily (day, path, referrer_host, device, browser, utm_source, pageviews, visitors)
    select day, path, referrer_host, device, browser, utm_source, count(*), count(distinct visitor)
    from insight_hits where day = ${day}
    group by day, path, referrer_host, device, browser, utm_source`.execute(db);
  await sql`insert into insight_daily_visitors (day, visitors)
    select day, count(distinct visitor) from insight_hits where day = ${day} group by day`.execute(db);
  await db.deleteFrom('insightDailyPaths').where('day', '=', day).execute();
  await sql`insert into insight_daily_paths (day, path, pageviews, visitors)
    select day, path, count(*), count(distinct visitor) from insight_hits where day = ${day} group by path`.execute(db);
  await db.deleteFrom('insightHourly').where('hour', '>=', `${day}T00`).where('hour', '<=', `${day}T23`).execute();
  await sql`insert into insight_hourly (hour, pageviews, visitors)
    select substr(at, 1, 13), count(*), count(distinct visitor) from insight_hits where day = ${day} group by substr(at, 1, 13)`.execute(
    db,
  );
}

/** A search someone made, as counted: its folded text and how many results it found. */
export interface CountedSearch {
  day: string;
  query: string;
  results: number;
}

/** Adds searches to their day's totals (the newest result count of each query wins). */
export async function addInsightSearches(db: Db, searches: readonly CountedSearch[]): Promise<void> {
  for (const { day, query, results } of searches)
    await db
      .insertInto('insightSearches')
      .values({ day, query, searches: 1, results })
      .onConflict((oc) => oc.columns(['day', 'query']).doUpdateSet((eb) => ({ searches: eb('insightSearches.searches', '+', 1), results })))
      .execute();
}

/** The days that still have raw hits, oldest first. */
export async function insightHitDays(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('insightHits').select('day').distinct().orderBy('day').execute();
  return rows.map((row) => row.day);
}

/** Deletes the raw hits of days before `day` (whole days, so no day is rolled up from a part); returns how many went. */
export async function deleteInsightHitsBefore(db: Db, day: string): Promise<number> {
  const result = await db.deleteFrom('insightHits').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface InsightStorage {
  rawHits: number;
  dailyRows: number;
}

/** How many rows insights keep, for readiness: raw hits stay bounded by the 48-hour deletion. */
export async function insightStorage(db: Db): Promise<InsightStorage> {
  const [hits, daily] = await Promise.all([
    db
      .selectFrom('insightHits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('insightDaily')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rawHits: Number(hits.n), dailyRows: Number(daily.n) };
}

/** Page views and visitors between two days inclusive, from the roll-up (visitors summed per day). */
export async function insightTotals(db: Db, from: string, to: string): Promise<InsightCount> {
  const views = await db
    .selectFrom('insightDaily')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('pageviews'), eb.lit(0)).as('n'))
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirstOrThrow();
  const people = await db
    .selectFrom('insightDailyVisitors')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('visitors'), eb.lit(0)).as('n'))
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirstOrThrow();
  return { pageviews: Number(views.n), visitors: Number(people.n) };
}

/** The figures of a period, as the Insights screen and GET /api/insights show them (without the newsletter's). */
export type InsightReport = Omit<InsightsView, 'newsletter'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP = 10;
/** The longest period drawn by hour. */
export const HOURLY_DAYS = 14;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Every day from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) days.push(dayOf(time));
  return days;
}

/** Page views and visitors (unique per day, summed over the days) between two days, of the site or one page. */
async function countBetween(db: Db, from: string, to: string, path: string | null): Promise<InsightCount> {
  if (path !== null) {
    const row = await db
      .selectFrom('insightDailyPaths')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('pageviews'), eb.lit(0)).as('pageviews'),
        eb.fn.coalesce(eb.fn.sum<number>('visitors'), eb.lit(0)).as('visitors'),
      ])
      .where('path', '=', path)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirstOrThrow();
    return { pageviews: Number(row.pageviews), visitors: Number(row.visitors) };
  }
  return insightTotals(db, from, to);
}

/** The period's figures, every day of it present (a day without views is a zero). */
export async function insightReport(db: Db, from: string, to: string, path: string | null = null): Promise<InsightReport> {
  const days = daysBetween(from, to);
  const previousTo = dayOf(Date.parse(`${from}T00:00:00Z`) - DAY_MS);
  const previousFrom = dayOf(Date.parse(`${from}T00:00:00Z`) - days.length * DAY_MS);
  const dailyRows =
    path === null
      ? await sql<{ day: string; pageviews: number; visitors: number }>`
          select d.day, coalesce((select sum(pageviews) from insight_daily where day = d.day), 0) as pageviews, d.visitors
          from insight_daily_visitors d where d.day between ${from} and ${to}`.execute(db)
      : await sql<{ day: string; pageviews: number; visitors: number }>`
          select day, pageviews, visitors from insight_daily_paths where path = ${path} and day between ${from} and ${to}`.execute(db);
  const byDay = new Map(dailyRows.rows.map((row) => [row.day, row]));

  const hours: InsightReport['hours'] = [];
  if (path === null && days.length <= HOURLY_DAYS) {
    const rows = await db
      .selectFrom('insightHourly')
      .select(['hour', 'pageviews', 'visitors'])
      .where('hour', '>=', `${from}T00`)
      .where('hour', '<=', `${to}T23`)
      .execute();
    const byHour = new Map(rows.map((row) => [row.hour, row]));
    for (const day of days)
      for (let hour = 0; hour < 24; hour++) {
        const key = `${day}T${String(hour).padStart(2, '0')}`;
        const row = byHour.get(key);
        hours.push({ hour: key, pageviews: row?.pageviews ?? 0, visitors: row?.visitors ?? 0 });
      }
  }

  const top = async (column: 'referrerHost' | 'device' | 'browser' | 'utmSource') => {
    let query = db
      .selectFrom('insightDaily')
      .select((eb) => [eb.ref(column).as('key'), eb.fn.sum<number>('pageviews').as('pageviews')])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy(column)
      .orderBy('pageviews', 'desc')
      .orderBy(column)
      .limit(TOP);
    if (path !== null) query = query.where('path', '=', path);
    return (await query.execute()).map((row) => ({ key: row.key, pageviews: Number(row.pageviews) }));
  };

  let pagesQuery = db
    .selectFrom('insightDailyPaths')
    .select((eb) => ['path', eb.fn.sum<number>('pageviews').as('pageviews'), eb.fn.sum<number>('visitors').as('visitors')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('path')
    .orderBy('pageviews', 'desc')
    .orderBy('path')
    .limit(TOP);
  if (path !== null) pagesQuery = pagesQuery.where('path', '=', path);

  const searches =
    path === null
      ? await db
          .selectFrom('insightSearches')
          .select((eb) => ['query', eb.fn.sum<number>('searches').as('searches'), eb.fn.max('results').as('results')])
          .where('day', '>=', from)
          .where('day', '<=', to)
          .groupBy('query')
          .orderBy('searches', 'desc')
          .orderBy('query')
          .execute()
      : [];

  const [total, previous, pages, referrers, devices, browsers, sources] = await Promise.all([
    countBetween(db, from, to, path),
    countBetween(db, previousFrom, previousTo, path),
    pagesQuery.execute(),
    top('referrerHost'),
    top('device'),
    top('browser'),
    top('utmSource'),
  ]);
  return {
    from,
    to,
    path,
    ...total,
    previous: { from: previousFrom, to: previousTo, ...previous },
    days: days.map((day) => ({ day, pageviews: Number(byDay.get(day)?.pageviews ?? 0), visitors: Number(byDay.get(day)?.visitors ?? 0) })),
    hours,
    pages: pages.map((row) => ({ path: row.path, pageviews: Number(row.pageviews), visitors: Number(row.visitors) })),
    referrers: referrers.map(({ key, pageviews }) => ({ host: key, pageviews })),
    devices: devices.map(({ key, pageviews }) => ({ device: key, pageviews })),
    browsers: browsers.map(({ key, pageviews }) => ({ browser: key, pageviews })),
    sources: sources.filter(({ key }) => key !== '').map(({ key, pageviews }) => ({ source: key, pageviews })),
    searches: searches.slice(0, TOP).map((row) => ({ query: row.query, searches: Number(row.searches), results: Number(row.results) })),
    zeroResultSearches: searches
      .filter((row) => Number(row.results) === 0)
      .slice(0, TOP)
      .map((row) => ({ query: row.query, searches: Number(row.searches) })),
  };
}

/** The newsletter figures between two days, inclusive. */
export async function newsletterInsights(db: Db, from: string, to: string): Promise<NewsletterInsights> {
  const start = `${from}T00:00:00.000Z`;
  const end = `${dayOf(Date.parse(`${to}T00:00:00Z`) + DAY_MS)}T00:00:00.000Z`;
  const counts = await sql<{ signups: number; confirmed: number; unsubscribes: number }>`
    select
      count(*) filter (where subscribed_at >= ${start} and subscribed_at < ${end}) as signups,
      count(*) filter (where subscribed_at >= ${start} and subscribed_at < ${end} and confirmed_at is not null) as confirmed,
      count(*) filter (where unsubscribed_at >= ${start} and unsubscribed_at < ${end}) as unsubscribes
    from newsletter_subscribers`.execute(db);
  const sends = await sql<{ id: number; subject: string; status: string; at: string; delivered: number; failed: number }>`
    select s.id, s.subject, s.status, coalesce(s.started_at, s.created_at) as at,
      (select count(*) from newsletter_deliveries d where d.send_id = s.id and d.status = 'sent') as delivered,
      (select count(*) from newsletter_deliveries d where d.send_id = s.id and d.status = 'failed') as failed
    from newsletter_sends s
    where coalesce(s.started_at, s.created_at) >= ${start} and coalesce(s.started_at, s.created_at) < ${end}
    order by at desc, s.id desc`.execute(db);
  const { signups, confirmed, unsubscribes } = counts.rows[0]!;
  return {
    signups: Number(signups),
    confirmed: Number(confirmed),
    confirmationRate: Number(signups) === 0 ? null : Number(confirmed) / Number(signups),
    unsubscribes: Number(unsubscribes),
    sends: sends.rows.map((row) => ({ ...row, delivered: Number(row.delivered), failed: Number(row.failed) })),
  };
}

/** Every page's views on every day of a period (or one page's), by day and then most viewed: what the CSV export holds. */
export function insightPathDays(
  db: Db,
  from: string,
  to: string,
  path: string | null = null,
): Promise<(InsightCount & { day: string; path: string })[]> {
  let query = db
    .selectFrom('insightDailyPaths')
    .select(['day', 'path', 'pageviews', 'visitors'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .orderBy('pageviews', 'desc')
    .orderBy('path');
  if (path !== null) query = query.where('path', '=', path);
  return query.execute();
}

/** Each page's views and visitors by day over a period, for a few pages (the admin's lists and editor). */
export async function insightPathSeries(
  db: Db,
  paths: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, Map<string, InsightCount>>> {
  const series = new Map<string, Map<string, InsightCount>>(paths.map((path) => [path, new Map()]));
  if (paths.length === 0) return series;
  const rows = await db
    .selectFrom('insightDailyPaths')
    .select(['path', 'day', 'pageviews', 'visitors'])
    .where('path', 'in', [...paths])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  for (const row of rows) series.get(row.path)?.set(row.day, { pageviews: row.pageviews, visitors: row.visitors });
  return series;
}
