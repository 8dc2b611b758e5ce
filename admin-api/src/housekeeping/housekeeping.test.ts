import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addInsightHits, countPendingOutbox, insightStorage, insightTotals, type Db } from '@forkcast/content-db';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';
import { HOUSEKEEPING, Housekeeping } from './housekeeping.ts';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

async function addOutbox(db: Db, count: number, createdAt: string, doneAt: string | null): Promise<void> {
  const rows = Array.from({ length: count }, () => ({ tags: '["posts"]', createdAt, doneAt }));
  for (let start = 0; start < rows.length; start += 200)
    await db
      .insertInto('outbox')
      .values(rows.slice(start, start + 200))
      .execute();
}

async function addPublishes(db: Db, count: number, startedAt: string): Promise<void> {
  const rows = Array.from({ length: count }, () => ({ startedAt, durationMs: 3, pagesChanged: 1, urls: '["/"]', error: null }));
  for (let start = 0; start < rows.length; start += 200)
    await db
      .insertInto('publishLog')
      .values(rows.slice(start, start + 200))
      .execute();
}

const count = async (db: Db, table: 'outbox' | 'publishLog') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('housekeeping', () => {
  let handle: TempDb;
  let housekeeping: Housekeeping;
  beforeEach(async () => {
    handle = await createTempDb();
    housekeeping = new Housekeeping({ db: handle.db, logger: pino({ level: 'silent' }) });
  });
  afterEach(async () => {
    housekeeping.stop();
    await handle.cleanup();
  });

  it('deletes published outbox entries older than a week, in batches, and never a pending one', async () => {
    await addOutbox(handle.db, HOUSEKEEPING.batch * 2 + 7, daysAgo(20), daysAgo(10));
    await addOutbox(handle.db, 5, daysAgo(2), daysAgo(1));
    await addOutbox(handle.db, 3, daysAgo(30), null);
    expect(await housekeeping.run(NOW)).toMatchObject({ outbox: HOUSEKEEPING.batch * 2 + 7 });
    expect(await count(handle.db, 'outbox')).toBe(8);
    expect(await countPendingOutbox(handle.db)).toBe(3);
    expect(await housekeeping.run(NOW)).toEqual({ outbox: 0, publishLog: 0, webhookDeliveries: 0, insightHits: 0 });
  });

  it('keeps at most the newest thousand publish records of the last thirty days', async () => {
    await addPublishes(handle.db, 100, daysAgo(40));
    await addPublishes(handle.db, 1_500, daysAgo(3));
    expect(await housekeeping.run(NOW)).toMatchObject({ publishLog: 600 });
    expect(await count(handle.db, 'publishLog')).toBe(HOUSEKEEPING.publishLogRows);
    const oldest = await handle.db.selectFrom('publishLog').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect(oldest.id).toBe(601);
  });

  it('rolls raw page views up into daily totals and deletes them after 48 hours', async () => {
    const view = (at: string, visitor: string) => ({
      at,
      day: at.slice(0, 10),
      path: '/',
      referrerHost: '',
      device: 'desktop',
      browser: 'Chrome',
      utmSource: '',
      visitor,
    });
    await addInsightHits(handle.db, [view(daysAgo(3), 'a'), view(daysAgo(3), 'a'), view(daysAgo(3), 'b'), view(daysAgo(1), 'a')]);
    expect(await housekeeping.run(NOW)).toMatchObject({ insightHits: 3 });
    expect(await insightTotals(handle.db, daysAgo(3).slice(0, 10), daysAgo(3).slice(0, 10))).toEqual({ pageviews: 3, visitors: 2 });
    expect(await insightTotals(handle.db, daysAgo(1).slice(0, 10), NOW.toISOString().slice(0, 10))).toEqual({ pageviews: 1, visitors: 1 });
    expect(await insightStorage(handle.db)).toEqual({ rawHits: 1, dailyRows: 2 });
    // A day whose raw views are gone keeps its totals when housekeeping runs again.
    await housekeeping.run(new Date(NOW.getTime() + 2 * 24 * 60 * 60 * 1000));
    expect(await insightTotals(handle.db, daysAgo(3).slice(0, 10), NOW.toISOString().slice(0, 10))).toEqual({ pageviews: 4, visitors: 3 });
    expect(await insightStorage(handle.db)).toEqual({ rawHits: 0, dailyRows: 2 });
  });

  it('prunes on its timer once started', async () => {
    housekeeping = new Housekeeping({ db: handle.db, logger: pino({ level: 'silent' }), everyMs: 20 });
    await addOutbox(handle.db, 4, daysAgo(20), daysAgo(10));
    housekeeping.start();
    await expect.poll(() => count(handle.db, 'outbox')).toBe(0);
  });
});
