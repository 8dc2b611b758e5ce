import { chunks } from '../chunks.ts';
import type { Db } from '../db.ts';
import type { BucketTarget } from '../schema.ts';

/** An object waiting to be put into its bucket (or deleted from it), as the queue holds it. */
export interface QueuedObject {
  id: number;
  target: BucketTarget;
  key: string;
  queuedAt: string;
  attempts: number;
  error: string | null;
  firstFailedAt: string | null;
  retryAt: string;
}

/**
 * Queues the objects whose keys a publish or an upload changed, due at once; call it in the
 * transaction that records the change. A key already queued is queued anew (a new id, no failures),
 * as it now stands for newer content.
 */
export async function queueBucketObjects(db: Db, target: BucketTarget, keys: readonly string[], now: string): Promise<void> {
  const unique = [...new Set(keys)];
  for (const slice of chunks(unique, 2000)) {
    await db
      .insertInto('bucketQueue')
      .orReplace()
      .values(slice.map((key) => ({ target, key, queuedAt: now, retryAt: now })))
      .execute();
  }
}

/** Queued objects whose time has come (new ones, and failed ones due for another try), oldest first. */
export function dueBucketObjects(db: Db, now: string, limit: number): Promise<QueuedObject[]> {
  return db.selectFrom('bucketQueue').selectAll().where('retryAt', '<=', now).orderBy('id').limit(limit).execute();
}

/** The queued objects of `target` with these keys, whatever their time. */
export async function queuedBucketObjects(db: Db, target: BucketTarget, keys: readonly string[]): Promise<QueuedObject[]> {
  const rows: QueuedObject[] = [];
  for (const slice of chunks([...new Set(keys)]))
    rows.push(...(await db.selectFrom('bucketQueue').selectAll().where('target', '=', target).where('key', 'in', slice).execute()));
  return rows;
}

/** Removes queued objects the bucket now holds, by id: a key queued again meanwhile has a new id and stays. */
export async function clearBucketObjects(db: Db, ids: readonly number[]): Promise<void> {
  for (const slice of chunks(ids)) await db.deleteFrom('bucketQueue').where('id', 'in', slice).execute();
}

/**
 * Records that putting (or deleting) a queued object failed: its error, one more attempt, and when
 * to try again given the attempts it now has. Nothing happens when it was queued anew meanwhile.
 */
export async function recordBucketFailures(
  db: Db,
  failures: readonly { id: number; error: string }[],
  now: string,
  retryAt: (attempts: number) => string,
): Promise<void> {
  for (const { id, error } of failures) {
    const row = await db.selectFrom('bucketQueue').select(['attempts', 'firstFailedAt']).where('id', '=', id).executeTakeFirst();
    if (!row) continue;
    const attempts = row.attempts + 1;
    await db
      .updateTable('bucketQueue')
      .set({ error, attempts, firstFailedAt: row.firstFailedAt ?? now, retryAt: retryAt(attempts) })
      .where('id', '=', id)
      .execute();
  }
}

/** When the next queued object is due, if any is queued. */
export async function nextBucketRetry(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('bucketQueue')
    .select((eb) => eb.fn.min('retryAt').as('next'))
    .executeTakeFirst();
  return row?.next ?? undefined;
}

/** How many objects of each bucket are queued, and how many of them have failed at least once. */
export async function countBucketQueue(db: Db): Promise<Record<BucketTarget, { queued: number; failing: number }>> {
  const rows = await db
    .selectFrom('bucketQueue')
    .select((eb) => ['target', eb.fn.countAll<number>().as('queued'), eb.fn.count<number>('error').as('failing')])
    .groupBy('target')
    .execute();
  const counts = { site: { queued: 0, failing: 0 }, uploads: { queued: 0, failing: 0 } };
  for (const row of rows) counts[row.target] = { queued: Number(row.queued), failing: Number(row.failing) };
  return counts;
}

/** The queued objects that have failed, the longest-failing first, at most `limit`. */
export function failingBucketObjects(db: Db, limit: number): Promise<QueuedObject[]> {
  return db
    .selectFrom('bucketQueue')
    .selectAll()
    .where('error', 'is not', null)
    .orderBy('firstFailedAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}
