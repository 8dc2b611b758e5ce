import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { useTempDb } from '../testing.ts';
import {
  clearBucketObjects,
  countBucketQueue,
  dueBucketObjects,
  failingBucketObjects,
  nextBucketRetry,
  queueBucketObjects,
  queuedBucketObjects,
  recordBucketFailures,
} from './bucket-queue.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-01-01T00:00:01.000Z';
const later = (attempts: number) => `2025-01-01T00:0${attempts}:00.000Z`;

describe('the bucket queue', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  it('queues keys due at once, each once per bucket', async () => {
    await queueBucketObjects(db, 'site', ['kyoto/guide', 'index.html', 'kyoto/guide'], T0);
    await queueBucketObjects(db, 'uploads', ['kyoto/guide'], T0);
    const due = await dueBucketObjects(db, T0, 10);
    expect(due.map(({ target, key }) => `${target}:${key}`)).toEqual(['site:kyoto/guide', 'site:index.html', 'uploads:kyoto/guide']);
    expect(await countBucketQueue(db)).toEqual({ site: { queued: 2, failing: 0 }, uploads: { queued: 1, failing: 0 } });
    expect(await nextBucketRetry(db)).toBe(T0);
  });

  it('keeps a key queued again while an older put of it finishes', async () => {
    await queueBucketObjects(db, 'site', ['a'], T0);
    const [first] = await queuedBucketObjects(db, 'site', ['a']);
    await queueBucketObjects(db, 'site', ['a'], T1);
    await clearBucketObjects(db, [first!.id]);
    const [again] = await queuedBucketObjects(db, 'site', ['a']);
    expect(again?.queuedAt).toBe(T1);
    await clearBucketObjects(db, [again!.id]);
    expect(await queuedBucketObjects(db, 'site', ['a'])).toEqual([]);
    expect(await nextBucketRetry(db)).toBeUndefined();
  });

  it('records failures with their error and a later try, and a new queueing starts afresh', async () => {
    await queueBucketObjects(db, 'site', ['a', 'b'], T0);
    const [a] = await queuedBucketObjects(db, 'site', ['a']);
    await recordBucketFailures(db, [{ id: a!.id, error: 'connect ECONNREFUSED' }], T0, later);
    await recordBucketFailures(db, [{ id: a!.id, error: 'still down' }], T1, later);
    expect(await failingBucketObjects(db, 10)).toEqual([
      expect.objectContaining({ key: 'a', error: 'still down', attempts: 2, firstFailedAt: T0, retryAt: later(2) }),
    ]);
    expect((await dueBucketObjects(db, T1, 10)).map((row) => row.key)).toEqual(['b']);
    expect(await countBucketQueue(db)).toEqual({ site: { queued: 2, failing: 1 }, uploads: { queued: 0, failing: 0 } });
    await queueBucketObjects(db, 'site', ['a'], T1);
    expect(await failingBucketObjects(db, 10)).toEqual([]);
  });
});
