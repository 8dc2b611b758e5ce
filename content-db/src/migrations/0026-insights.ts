import { sql, type Kysely } from 'kysely';

/**
 * Readership insights: raw hits (kept at most 48 hours, with no address or user agent, only a
 * visitor hash whose salt lives one day in memory) and the roll-ups they are folded into: by day
 * and every dimension, by day and page (whose visitors are exact per page), by day and by hour
 * (exact visitors of the whole site). Searches are counted straight into their daily totals, with
 * how many results each found, and nothing about who searched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('insight_hits')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('referrer_host', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('utm_source', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('insight_hits_day').on('insight_hits').columns(['day']).execute();
  await db.schema
    .createTable('insight_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('referrer_host', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('utm_source', 'text', (c) => c.notNull())
    .addColumn('pageviews', 'integer', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_daily_pk', ['day', 'path', 'referrer_host', 'device', 'browser', 'utm_source'])
    .execute();
  await sql`create table insight_daily_visitors (day text primary key, visitors integer not null)`.execute(db);
  await sql`create table insight_daily_paths (
    day text not null, path text not null, pageviews integer not null, visitors integer not null,
    primary key (path, day))`.execute(db);
  await sql`create table insight_hourly (hour text primary key, pageviews integer not null, visitors integer not null)`.execute(db);
  await sql`create table insight_searches (
    day text not null, query text not null, searches integer not null, results integer not null,
    primary key (day, query))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('insight_searches').execute();
  await db.schema.dropTable('insight_hourly').execute();
  await db.schema.dropTable('insight_daily_paths').execute();
  await db.schema.dropTable('insight_daily_visitors').execute();
  await db.schema.dropTable('insight_daily').execute();
  await db.schema.dropTable('insight_hits').execute();
}
