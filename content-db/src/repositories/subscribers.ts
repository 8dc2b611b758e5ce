import { sql } from 'kysely';
import type { Db } from '../db.ts';
import type { SubscriberRow, SubscriberStatus } from '../schema.ts';
import { recordTrashed } from '../revisions/capture.ts';
import { queueWebhookEvent } from './webhooks.ts';

export type Subscriber = SubscriberRow;

export const SUBSCRIBER_STATUSES: readonly SubscriberStatus[] = ['pending', 'confirmed', 'unsubscribed', 'bounced'];

/** How long a sign-up waits for its confirmation email before another may be sent. */
export const CONFIRMATION_RESEND_MS = 60 * 60 * 1000;

export interface SignUp {
  subscriber: Subscriber;
  /** Whether this call added the address. */
  created: boolean;
  /**
   * Whether a confirmation email is due now. It is claimed by this call (its time is stored), so
   * two sign-ups at once send one email; `releaseConfirmation` gives the claim back if it could not be sent.
   */
  sendConfirmation: boolean;
  /** The confirmation time stored before this call, for `releaseConfirmation`. */
  previousConfirmationSentAt: string | null;
}

/**
 * A sign-up (email trimmed; unique regardless of case). A new address is added as pending with a
 * confirmation due. Any other address gets a confirmation only when the last went out at least an
 * hour ago (at most one per mailbox an hour): a pending one keeps waiting for it, one that left or
 * bounced starts again as pending. A confirmed one, or one whose confirmation is not due, is left
 * as it is. Whatever the address's state, the same two statements run (a read, then one upsert of
 * every column a sign-up may set), so the work does not tell which state it was in. Run it in a
 * transaction with whatever records the sending.
 */
export async function subscribe(db: Db, email: string, now: string): Promise<SignUp> {
  const address = email.trim();
  const existing = await db.selectFrom('newsletterSubscribers').selectAll().where('email', '=', address).executeTakeFirst();
  const resendFrom = new Date(Date.parse(now) - CONFIRMATION_RESEND_MS).toISOString();
  const due =
    existing === undefined ||
    (existing.status !== 'confirmed' && (existing.confirmationSentAt === null || existing.confirmationSentAt <= resendFrom));
  const fresh = {
    status: 'pending',
    subscribedAt: now,
    confirmationSentAt: now,
    confirmedAt: null,
    unsubscribedAt: null,
    bouncedAt: null,
    hardBounces: 0,
  } as const;
  const kept = existing && {
    status: existing.status,
    subscribedAt: existing.subscribedAt,
    confirmationSentAt: existing.confirmationSentAt,
    confirmedAt: existing.confirmedAt,
    unsubscribedAt: existing.unsubscribedAt,
    bouncedAt: existing.bouncedAt,
    hardBounces: existing.hardBounces,
  };
  let next = kept ?? fresh;
  // A pending address keeps its sign-up (its old link stays good); one that left starts afresh.
  if (kept && due) next = kept.status === 'pending' ? { ...kept, confirmationSentAt: now } : fresh;
  const subscriber = await db
    .insertInto('newsletterSubscribers')
    .values({ email: address, ...fresh })
    .onConflict((oc) => oc.column('email').doUpdateSet(next))
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    subscriber,
    created: existing === undefined,
    sendConfirmation: due,
    previousConfirmationSentAt: existing?.confirmationSentAt ?? null,
  };
}

/** Gives back a confirmation claimed by `subscribe` that could not be sent, so the next sign-up sends it. */
export async function releaseConfirmation(db: Db, signUp: SignUp): Promise<void> {
  await db
    .updateTable('newsletterSubscribers')
    .set({ confirmationSentAt: signUp.previousConfirmationSentAt })
    .where('id', '=', signUp.subscriber.id)
    .where('confirmationSentAt', '=', signUp.subscriber.confirmationSentAt)
    .execute();
}

export function getSubscriber(db: Db, id: number): Promise<Subscriber | undefined> {
  return db.selectFrom('newsletterSubscribers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The subscriber with this address (ignoring case), if any. */
export function getSubscriberByEmail(db: Db, email: string): Promise<Subscriber | undefined> {
  return db.selectFrom('newsletterSubscribers').selectAll().where('email', '=', email.trim()).executeTakeFirst();
}

/** What a subscriber's webhook event says (the address is what a receiver acts on). */
function subscriberData(row: { id: number; email: string; status: SubscriberStatus }): Record<string, unknown> {
  return { subscriber: { id: row.id, email: row.email, status: row.status } };
}

/**
 * Confirms a pending subscriber and queues its `subscriber.confirmed` event (call it in a
 * transaction); false when it is not pending (already confirmed, left, gone).
 */
export async function confirmSubscriber(db: Db, id: number, now: string): Promise<boolean> {
  const row = await db
    .updateTable('newsletterSubscribers')
    .set({ status: 'confirmed', confirmedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'email', 'status'])
    .executeTakeFirst();
  if (row) await queueWebhookEvent(db, 'subscriber.confirmed', subscriberData(row), now);
  return row !== undefined;
}

/**
 * Takes a subscriber off the list (any status) and queues its `subscriber.unsubscribed` event
 * (call it in a transaction); false when already off or unknown.
 */
export async function unsubscribe(db: Db, id: number, now: string): Promise<boolean> {
  const row = await db
    .updateTable('newsletterSubscribers')
    .set({ status: 'unsubscribed', unsubscribedAt: now })
    .where('id', '=', id)
    .where('status', '!=', 'unsubscribed')
    .returning(['id', 'email', 'status'])
    .executeTakeFirst();
  if (row) await queueWebhookEvent(db, 'subscriber.unsubscribed', subscriberData(row), now);
  return row !== undefined;
}

/** Deletes the sign-ups still pending whose last confirmation went out before `before`; returns how many. */
export async function purgeUnconfirmed(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('newsletterSubscribers')
    .where('status', '=', 'pending')
    .where(sql<string>`coalesce(confirmation_sent_at, subscribed_at)`, '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Newest first. */
export function listSubscribers(db: Db): Promise<Subscriber[]> {
  return db.selectFrom('newsletterSubscribers').selectAll().orderBy('subscribedAt', 'desc').orderBy('id', 'desc').execute();
}

/** Deletes a subscriber; inside commitChange the address waits in the trash first. */
export async function deleteSubscriber(db: Db, id: number): Promise<boolean> {
  await recordTrashed(db, 'subscriber', id);
  const result = await db.deleteFrom('newsletterSubscribers').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
