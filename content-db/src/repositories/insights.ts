import { sql } from 'kysely';
import type { Db } from '../db.ts';
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

export interface InsightTotals {
  pageviews: number;
  visitors: number;
}

/** Page views and visitors between two days inclusive, from the roll-up (visitors summed per day). */
export async function insightTotals(db: Db, from: string, to: string): Promise<InsightTotals> {
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
