import { sql } from 'kysely';
import type { NewsletterSend } from '@forkcast/shared/contracts';
import type { Db } from '../db.ts';
import type { SendRow } from '../schema.ts';
import { queueWebhookEvent } from './webhooks.ts';

export type Send = SendRow;

/** A send as the admin sees it: its fields (not the email itself) and how far it got. */
export type SendProgress = NewsletterSend;

/** One queued delivery, with what the worker needs to decide whether it still goes out. */
export interface DueDelivery {
  id: number;
  sendId: number;
  subscriberId: number | null;
  email: string;
  attempts: number;
  /** The subscriber's status now; null when the subscriber was deleted. */
  subscriberStatus: string | null;
  /** The subscriber's run of hard bounces now. */
  hardBounces: number | null;
}

/** Whether the post has a send that is waiting, sending or done (a cancelled one does not count). */
export function activeSendOfPost(db: Db, postId: number): Promise<Send | undefined> {
  return db
    .selectFrom('newsletterSends')
    .selectAll()
    .where('postId', '=', postId)
    .where('status', '!=', 'cancelled')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** A send that waits for its (scheduled) post to go live, and is started by `startSend` then. */
export function createWaitingSend(db: Db, input: { postId: number; subject: string; messageKey: string; now: string }): Promise<Send> {
  return db
    .insertInto('newsletterSends')
    .values({ postId: input.postId, subject: input.subject, messageKey: input.messageKey, status: 'waiting', createdAt: input.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Starts a send: stores the email and adds one queued delivery for every subscriber confirmed
 * right now. With `sendId` a waiting send starts; without, a new one is made. Returns the send and
 * its number of recipients. Run it in a transaction, so a send never exists without its rows.
 */
export async function startSend(
  db: Db,
  input: { sendId?: number; postId: number; subject: string; html: string; text: string; messageKey: string; now: string },
): Promise<{ send: Send; recipients: number }> {
  const values = { subject: input.subject, html: input.html, text: input.text, status: 'sending' as const, startedAt: input.now };
  const send =
    input.sendId === undefined
      ? await db
          .insertInto('newsletterSends')
          .values({ ...values, postId: input.postId, messageKey: input.messageKey, createdAt: input.now })
          .returningAll()
          .executeTakeFirstOrThrow()
      : await db
          .updateTable('newsletterSends')
          .set(values)
          .where('id', '=', input.sendId)
          .where('status', '=', 'waiting')
          .returningAll()
          .executeTakeFirstOrThrow();
  const inserted = await db
    .insertInto('newsletterDeliveries')
    .columns(['sendId', 'subscriberId', 'email', 'nextAttemptAt'])
    .expression((eb) =>
      eb
        .selectFrom('newsletterSubscribers')
        .select([eb.val(send.id).as('sendId'), 'id', 'email', eb.val(input.now).as('nextAttemptAt')])
        .where('status', '=', 'confirmed')
        .orderBy('id'),
    )
    .executeTakeFirst();
  return { send, recipients: Number(inserted.numInsertedOrUpdatedRows ?? 0n) };
}

export function getSend(db: Db, id: number): Promise<Send | undefined> {
  return db.selectFrom('newsletterSends').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The sends waiting for their post to go live, oldest first. */
export function listWaitingSends(db: Db): Promise<Pick<Send, 'id' | 'postId'>[]> {
  return db.selectFrom('newsletterSends').select(['id', 'postId']).where('status', '=', 'waiting').orderBy('id').execute();
}

/**
 * Claims up to `limit` queued deliveries whose time has come for `claimant` (a lease token), in id
 * order, and returns them with their subscriber's status now. A row is free when nobody claimed it,
 * or when another claimant's claim is older than `staleBefore` (its worker died or lost its lease
 * before recording an outcome). The claim is one statement, so two workers never take the same row.
 */
export async function claimDeliveries(
  db: Db,
  options: { claimant: string; now: string; staleBefore: string; limit: number },
): Promise<DueDelivery[]> {
  const { claimant, now, staleBefore, limit } = options;
  const claimed = await db
    .updateTable('newsletterDeliveries')
    .set({ claimedBy: claimant, claimedAt: now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('newsletterDeliveries')
        .select('id')
        .where('status', '=', 'queued')
        .where('nextAttemptAt', '<=', now)
        .where((free) =>
          free.or([free('claimedBy', 'is', null), free.and([free('claimedBy', '!=', claimant), free('claimedAt', '<', staleBefore)])]),
        )
        .orderBy('id')
        .limit(limit),
    )
    .returning('id')
    .execute();
  if (claimed.length === 0) return [];
  return db
    .selectFrom('newsletterDeliveries as d')
    .leftJoin('newsletterSubscribers as s', 's.id', 'd.subscriberId')
    .select(['d.id', 'd.sendId', 'd.subscriberId', 'd.email', 'd.attempts', 's.status as subscriberStatus', 's.hardBounces'])
    .where(
      'd.id',
      'in',
      claimed.map((row) => row.id),
    )
    .orderBy('d.id')
    .execute();
}

/**
 * Gives back the claims on rows still queued: those of `claimant` (the worker stopped or paused with
 * rows it never tried), or, with `except`, those of every other claimant (the lease holder
 * starting: whoever claimed them holds no lease any more). Returns how many.
 */
export async function releaseClaims(db: Db, who: { claimant: string } | { except: string }): Promise<number> {
  const queued = db.updateTable('newsletterDeliveries').set({ claimedBy: null, claimedAt: null }).where('status', '=', 'queued');
  const result = await ('claimant' in who
    ? queued.where('claimedBy', '=', who.claimant)
    : queued.where('claimedBy', '!=', who.except)
  ).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** When the next queued delivery may be tried (a retry's time), if any is queued. */
export async function nextDeliveryAt(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('newsletterDeliveries')
    .select((eb) => eb.fn.min('nextAttemptAt').as('next'))
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return row?.next ?? undefined;
}

/**
 * The server accepted these messages (one statement for many, as the worker records them in
 * groups). Clears the run of hard bounces of those subscribers who had one: their address works.
 */
export async function markDelivered(
  db: Db,
  deliveries: readonly Pick<DueDelivery, 'id' | 'subscriberId' | 'hardBounces'>[],
  now: string,
): Promise<void> {
  if (deliveries.length === 0) return;
  await db
    .updateTable('newsletterDeliveries')
    .set((eb) => ({ status: 'sent', sentAt: now, attempts: eb('attempts', '+', 1), lastError: null }))
    .where(
      'id',
      'in',
      deliveries.map((delivery) => delivery.id),
    )
    .execute();
  const bounced = deliveries.filter((delivery) => delivery.subscriberId !== null && (delivery.hardBounces ?? 0) > 0);
  if (bounced.length > 0) {
    await db
      .updateTable('newsletterSubscribers')
      .set({ hardBounces: 0 })
      .where(
        'id',
        'in',
        bounced.map((delivery) => delivery.subscriberId!),
      )
      .execute();
  }
}

/** Not sent because the subscriber left, bounced or was deleted after the send started. */
export async function markSkipped(db: Db, id: number): Promise<void> {
  await db.updateTable('newsletterDeliveries').set({ status: 'skipped' }).where('id', '=', id).where('status', '=', 'queued').execute();
}

/** A temporary failure: try again at `nextAttemptAt` (the claim is given up, so any worker may take it then). */
export async function scheduleRetry(
  db: Db,
  id: number,
  failure: { attempts: number; nextAttemptAt: string; error: string },
): Promise<void> {
  await db
    .updateTable('newsletterDeliveries')
    .set({ attempts: failure.attempts, nextAttemptAt: failure.nextAttemptAt, lastError: failure.error, claimedBy: null, claimedAt: null })
    .where('id', '=', id)
    .execute();
}

/** Refused for good (a 5xx), or temporary failures until the attempts ran out. */
export async function markFailed(db: Db, id: number, failure: { attempts: number; error: string }): Promise<void> {
  await db
    .updateTable('newsletterDeliveries')
    .set({ status: 'failed', attempts: failure.attempts, lastError: failure.error })
    .where('id', '=', id)
    .execute();
}

/**
 * Counts a permanent refusal of a subscriber's address; at `limit` in a row the subscriber is
 * marked bounced and gets no more mail. Returns whether this made it bounced.
 */
export async function recordHardBounce(db: Db, subscriberId: number, limit: number, now: string): Promise<boolean> {
  const row = await db
    .updateTable('newsletterSubscribers')
    .set((eb) => ({ hardBounces: eb('hardBounces', '+', 1) }))
    .where('id', '=', subscriberId)
    .returning(['hardBounces', 'status'])
    .executeTakeFirst();
  if (!row || row.hardBounces < limit || row.status === 'bounced') return false;
  const bounced = await db
    .updateTable('newsletterSubscribers')
    .set({ status: 'bounced', bouncedAt: now })
    .where('id', '=', subscriberId)
    .where('status', '!=', 'bounced')
    .executeTakeFirst();
  return bounced.numUpdatedRows > 0n;
}

/** Marks done every sending send with nothing left queued, queueing each one's `send.finished` event (call it in a transaction); returns their ids. */
export async function finishSends(db: Db, now: string): Promise<number[]> {
  const rows = await db
    .updateTable('newsletterSends')
    .set({ status: 'done', finishedAt: now })
    .where('status', '=', 'sending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('newsletterDeliveries')
            .select('newsletterDeliveries.id')
            .whereRef('newsletterDeliveries.sendId', '=', 'newsletterSends.id')
            .where('newsletterDeliveries.status', '=', 'queued'),
        ),
      ),
    )
    .returning(['id', 'postId', 'subject'])
    .execute();
  for (const send of rows) {
    const counts = await db
      .selectFrom('newsletterDeliveries')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('sendId', '=', send.id)
      .groupBy('status')
      .execute();
    const count = (status: string) => Number(counts.find((row) => row.status === status)?.count ?? 0);
    await queueWebhookEvent(
      db,
      'send.finished',
      {
        send: {
          id: send.id,
          postId: send.postId,
          subject: send.subject,
          sent: count('sent'),
          failed: count('failed'),
          skipped: count('skipped'),
          finishedAt: now,
        },
      },
      now,
    );
  }
  return rows.map((row) => row.id);
}

/** Stops a waiting or sending send: what is still queued is skipped. False when it had already finished. */
export async function cancelSend(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletterSends')
    .set({ status: 'cancelled', finishedAt: now })
    .where('id', '=', id)
    .where('status', 'in', ['waiting', 'sending'])
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await db.updateTable('newsletterDeliveries').set({ status: 'skipped' }).where('sendId', '=', id).where('status', '=', 'queued').execute();
  return true;
}

/** The email of a send, as stored when it started. */
export function sendContent(db: Db, id: number): Promise<Pick<Send, 'id' | 'subject' | 'html' | 'text' | 'messageKey'> | undefined> {
  return db.selectFrom('newsletterSends').select(['id', 'subject', 'html', 'text', 'messageKey']).where('id', '=', id).executeTakeFirst();
}

/** Every send, newest first, with its counts per delivery status. */
export async function listSends(db: Db, options: { limit?: number } = {}): Promise<SendProgress[]> {
  const sends = await db
    .selectFrom('newsletterSends')
    .select(['id', 'postId', 'subject', 'status', 'createdAt', 'startedAt', 'finishedAt'])
    .orderBy('id', 'desc')
    .limit(options.limit ?? 50)
    .execute();
  if (sends.length === 0) return [];
  const counts = await db
    .selectFrom('newsletterDeliveries')
    .select(['sendId', 'status', sql<number>`count(*)`.as('count')])
    .where(
      'sendId',
      'in',
      sends.map((send) => send.id),
    )
    .groupBy(['sendId', 'status'])
    .execute();
  return sends.map((send) => {
    const of = (status: string) => counts.find((row) => row.sendId === send.id && row.status === status)?.count ?? 0;
    const progress = { sent: of('sent'), failed: of('failed'), skipped: of('skipped'), remaining: of('queued') };
    return { ...send, ...progress, total: progress.sent + progress.failed + progress.skipped + progress.remaining };
  });
}
