import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { useTempDb } from '../testing.ts';
import { countPendingOutbox, enqueueTags, markOutboxDone, pendingOutbox } from './outbox.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-01-02T00:00:00.000Z';
const T2 = '2025-01-03T00:00:00.000Z';

describe('outbox repository', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  it('has nothing pending at first', async () => {
    expect(await pendingOutbox(db)).toEqual([]);
  });

  describe('enqueueTags', () => {
    it('stores the tags deduplicated and sorted, and returns the entry id', async () => {
      const id = await enqueueTags(db, ['post:3', 'city:kyoto', 'post:3', 'home', 'city:kyoto'], T0);
      expect(await pendingOutbox(db)).toEqual([{ id, tags: ['city:kyoto', 'home', 'post:3'], createdAt: T0, userId: null }]);
      const raw = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
      expect(raw).toEqual({ id, tags: '["city:kyoto","home","post:3"]', createdAt: T0, doneAt: null, userId: null });
    });

    it('records whose change it is', async () => {
      const id = await enqueueTags(db, ['post:3'], T0, 7);
      expect(await pendingOutbox(db)).toEqual([{ id, tags: ['post:3'], createdAt: T0, userId: 7 }]);
    });

    it('accepts any iterable, such as a Set or a generator', async () => {
      await enqueueTags(db, new Set(['b', 'a']), T0);
      await enqueueTags(
        db,
        (function* () {
          yield 'z';
          yield 'y';
          yield 'z';
        })(),
        T1,
      );
      expect((await pendingOutbox(db)).map((entry) => entry.tags)).toEqual([
        ['a', 'b'],
        ['y', 'z'],
      ]);
    });

    it('stores an empty tag list', async () => {
      const id = await enqueueTags(db, [], T0);
      expect(await pendingOutbox(db)).toEqual([{ id, tags: [], createdAt: T0, userId: null }]);
    });

    it('gives each entry its own id, even for the same tags', async () => {
      const a = await enqueueTags(db, ['home'], T0);
      const b = await enqueueTags(db, ['home'], T0);
      expect(b).toBeGreaterThan(a);
      expect(await pendingOutbox(db)).toHaveLength(2);
    });
  });

  describe('pendingOutbox and markOutboxDone', () => {
    it('lists pending entries oldest first (by id)', async () => {
      const first = await enqueueTags(db, ['one'], T2);
      const second = await enqueueTags(db, ['two'], T0);
      const third = await enqueueTags(db, ['three'], T1);
      expect((await pendingOutbox(db)).map((entry) => entry.id)).toEqual([first, second, third]);
    });

    it('marks only the given entries done, which leaves them out of pending', async () => {
      const a = await enqueueTags(db, ['a'], T0);
      const b = await enqueueTags(db, ['b'], T0);
      const c = await enqueueTags(db, ['c'], T0);
      await markOutboxDone(db, [a, c], T1);
      expect(await pendingOutbox(db)).toEqual([{ id: b, tags: ['b'], createdAt: T0, userId: null }]);
      const rows = await db.selectFrom('outbox').select(['id', 'doneAt']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: a, doneAt: T1 },
        { id: b, doneAt: null },
        { id: c, doneAt: T1 },
      ]);
    });

    it('treats an empty id list as a no-op', async () => {
      const a = await enqueueTags(db, ['a'], T0);
      await markOutboxDone(db, [], T1);
      expect((await pendingOutbox(db)).map((entry) => entry.id)).toEqual([a]);
    });

    it('ignores unknown ids', async () => {
      const a = await enqueueTags(db, ['a'], T0);
      await markOutboxDone(db, [a + 100], T1);
      expect((await pendingOutbox(db)).map((entry) => entry.id)).toEqual([a]);
    });

    it('entries enqueued after a markDone are pending again', async () => {
      const a = await enqueueTags(db, ['a'], T0);
      await markOutboxDone(db, [a], T1);
      const b = await enqueueTags(db, ['a'], T2);
      expect((await pendingOutbox(db)).map((entry) => entry.id)).toEqual([b]);
    });
  });

  it('marks 40,000 entries done at once (more ids than one SQLite statement can bind)', async () => {
    for (let i = 0; i < 40_000; i += 5000) {
      await db
        .insertInto('outbox')
        .values(Array.from({ length: 5000 }, () => ({ tags: '[]', createdAt: T0 })))
        .execute();
    }
    const ids = (await pendingOutbox(db)).map((entry) => entry.id);
    expect(ids.length).toBe(40_000);
    await markOutboxDone(db, ids, T1);
    expect(await countPendingOutbox(db)).toBe(0);
  });
});
