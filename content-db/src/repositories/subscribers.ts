import type { Db } from '../db.ts';
import type { SubscriberRow } from '../schema.ts';

export type Subscriber = SubscriberRow;

/**
 * Subscribes an email (trimmed; unique regardless of case). Returns the subscriber and whether this
 * call created it, so subscribing twice can be answered as a friendly success.
 */
export async function subscribe(db: Db, email: string, now: string): Promise<{ subscriber: Subscriber; created: boolean }> {
  const address = email.trim();
  const inserted = await db
    .insertInto('newsletterSubscribers')
    .values({ email: address, subscribedAt: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { subscriber: inserted, created: true };
  const existing = await db.selectFrom('newsletterSubscribers').selectAll().where('email', '=', address).executeTakeFirstOrThrow();
  return { subscriber: existing, created: false };
}

/** Newest first. */
export function listSubscribers(db: Db): Promise<Subscriber[]> {
  return db.selectFrom('newsletterSubscribers').selectAll().orderBy('subscribedAt', 'desc').orderBy('id', 'desc').execute();
}

export async function deleteSubscriber(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('newsletterSubscribers').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
