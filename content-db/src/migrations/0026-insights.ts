import { sql, type Kysely } from 'kysely';

/**
 * Readership insights: raw hits (kept at most 48 hours, with no address or user agent, only a
 * visitor hash whose salt lives one day in memory) and the daily roll-up they are folded into.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('insight_daily_visitors').execute();
  await db.schema.dropTable('insight_daily').execute();
  await db.schema.dropTable('insight_hits').execute();
}
