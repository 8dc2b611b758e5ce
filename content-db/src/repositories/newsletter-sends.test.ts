import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { insertBarePost, useTempDb } from '../testing.ts';
import {
  activeSendOfPost,
  cancelSend,
  claimDeliveries,
  createWaitingSend,
  finishSends,
  listSends,
  markDelivered,
  markFailed,
  markSkipped,
  nextDeliveryAt,
  recordHardBounce,
  releaseClaims,
  scheduleRetry,
  startSend,
  listWaitingSends,
} from './newsletter-sends.ts';
import { confirmSubscriber, deleteSubscriber, getSubscriber, subscribe, unsubscribe } from './subscribers.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-01-01T00:01:00.000Z';
const T2 = '2025-01-01T00:02:00.000Z';
const LETTER = { subject: 'Ramen at midnight', html: '<p>Hi</p>', text: 'Hi', messageKey: 'k3y' };
const T_MINUS = '2024-12-31T23:59:00.000Z';

/** Claims for one worker, as the delivery worker does: claims by others older than a minute are stale. */
const claim = (db: Db, now: string, limit = 10, claimant = 'worker-a') =>
  claimDeliveries(db, { claimant, now, staleBefore: new Date(Date.parse(now) - 60_000).toISOString(), limit });

async function confirmed(db: Db, email: string): Promise<number> {
  const { subscriber } = await subscribe(db, email, T0);
  await confirmSubscriber(db, subscriber.id, T0);
  return subscriber.id;
}

describe('newsletter sends repository', () => {
  let db: Db;
  let postId: number;
  useTempDb(async (fresh) => {
    db = fresh;
    postId = await insertBarePost(db, 'ramen', T0);
  });

  it('queues one delivery for each subscriber confirmed when the send starts, and nobody else', async () => {
    const ana = await confirmed(db, 'ana@example.com');
    const bo = await confirmed(db, 'bo@example.com');
    await subscribe(db, 'pending@example.com', T0);
    const left = await confirmed(db, 'left@example.com');
    await unsubscribe(db, left, T0);

    const { send, recipients } = await startSend(db, { postId, ...LETTER, now: T0 });
    expect(recipients).toBe(2);
    expect(send).toMatchObject({ postId, status: 'sending', startedAt: T0, html: '<p>Hi</p>' });
    const due = await claim(db, T0);
    expect(due.map((d) => [d.subscriberId, d.email, d.subscriberStatus, d.attempts])).toEqual([
      [ana, 'ana@example.com', 'confirmed', 0],
      [bo, 'bo@example.com', 'confirmed', 0],
    ]);
    expect(await activeSendOfPost(db, postId)).toMatchObject({ id: send.id });
  });

  it('counts progress per send and finishes a send once nothing is queued', async () => {
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']) await confirmed(db, email);
    const { send } = await startSend(db, { postId, ...LETTER, now: T0 });
    const [a, b, c, d] = await claim(db, T0);
    await markDelivered(db, [a!], T1);
    await markFailed(db, b!.id, { attempts: 1, error: '550 no such user' });
    await markSkipped(db, c!.id);
    await scheduleRetry(db, d!.id, { attempts: 1, nextAttemptAt: T2, error: '451 try later' });

    expect(await listSends(db)).toEqual([
      expect.objectContaining({ id: send.id, status: 'sending', total: 4, sent: 1, failed: 1, skipped: 1, remaining: 1 }),
    ]);
    // The retry waits for its time.
    expect(await claim(db, T1)).toEqual([]);
    expect(await nextDeliveryAt(db)).toBe(T2);
    expect(await finishSends(db, T1)).toEqual([]);

    await markDelivered(db, [d!], T2);
    expect(await nextDeliveryAt(db)).toBeUndefined();
    expect(await finishSends(db, T2)).toEqual([send.id]);
    expect(await listSends(db)).toEqual([expect.objectContaining({ status: 'done', finishedAt: T2, sent: 2, remaining: 0 })]);
  });

  it('shows the subscriber as it is now: one who left or was deleted after the start', async () => {
    const ana = await confirmed(db, 'ana@example.com');
    const bo = await confirmed(db, 'bo@example.com');
    await startSend(db, { postId, ...LETTER, now: T0 });
    await unsubscribe(db, ana, T1);
    await deleteSubscriber(db, bo);
    const due = await claim(db, T1);
    expect(due.map((d) => [d.email, d.subscriberId, d.subscriberStatus])).toEqual([
      ['ana@example.com', ana, 'unsubscribed'],
      ['bo@example.com', null, null],
    ]);
  });

  it('starts a waiting send when its post goes live, with the subscribers of that moment', async () => {
    const waiting = await createWaitingSend(db, { postId, subject: 'Ramen', messageKey: 'k', now: T0 });
    expect(await listWaitingSends(db)).toEqual([{ id: waiting.id, postId }]);
    await confirmed(db, 'later@example.com');
    const { send, recipients } = await startSend(db, { sendId: waiting.id, postId, ...LETTER, now: T1 });
    expect(send).toMatchObject({ id: waiting.id, status: 'sending', createdAt: T0, startedAt: T1, subject: LETTER.subject });
    expect(recipients).toBe(1);
    expect(await listWaitingSends(db)).toEqual([]);
  });

  it('cancels a send: what is queued is skipped, what went out stays sent', async () => {
    for (const email of ['a@example.com', 'b@example.com']) await confirmed(db, email);
    const { send } = await startSend(db, { postId, ...LETTER, now: T0 });
    const [a] = await claim(db, T0);
    await markDelivered(db, [a!], T1);
    expect(await cancelSend(db, send.id, T1)).toBe(true);
    expect(await cancelSend(db, send.id, T1)).toBe(false);
    expect(await listSends(db)).toEqual([expect.objectContaining({ status: 'cancelled', sent: 1, skipped: 1, remaining: 0 })]);
    expect(await activeSendOfPost(db, postId)).toBeUndefined();
  });

  it('marks a subscriber bounced at the limit of hard bounces in a row; a delivery in between starts the count again', async () => {
    const ana = await confirmed(db, 'ana@example.com');
    expect(await recordHardBounce(db, ana, 2, T0)).toBe(false);
    await startSend(db, { postId, ...LETTER, now: T0 });
    const [delivery] = await claim(db, T0, 1);
    expect(delivery!.hardBounces).toBe(1);
    await markDelivered(db, [delivery!], T1);
    expect((await getSubscriber(db, ana))!.hardBounces).toBe(0);

    expect(await recordHardBounce(db, ana, 2, T1)).toBe(false);
    expect(await recordHardBounce(db, ana, 2, T2)).toBe(true);
    expect(await getSubscriber(db, ana)).toMatchObject({ status: 'bounced', bouncedAt: T2, hardBounces: 2 });
    expect(await recordHardBounce(db, ana, 2, T2)).toBe(false);
  });

  it('keeps the record of a send when its post is deleted', async () => {
    await confirmed(db, 'ana@example.com');
    await startSend(db, { postId, ...LETTER, now: T0 });
    await db.deleteFrom('posts').where('id', '=', postId).execute();
    expect(await listSends(db)).toEqual([expect.objectContaining({ postId: null, subject: LETTER.subject, remaining: 1 })]);
  });

  it('claims each queued row for one worker only, in id order, until the claim goes stale or is given back', async () => {
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) await confirmed(db, email);
    await startSend(db, { postId, ...LETTER, now: T_MINUS });
    const first = await claim(db, T0, 2, 'worker-a');
    expect(first.map((d) => d.email)).toEqual(['a@example.com', 'b@example.com']);
    // Another worker gets only what nobody holds; the first worker does not take its own rows twice.
    expect((await claim(db, T0, 10, 'worker-b')).map((d) => d.email)).toEqual(['c@example.com']);
    expect(await claim(db, T0, 10, 'worker-a')).toEqual([]);
    expect(await claim(db, T1, 10, 'worker-b')).toEqual([]);

    // A retry gives its claim up: anyone may take it when its time comes.
    await scheduleRetry(db, first[0]!.id, { attempts: 1, nextAttemptAt: T1, error: '451 try later' });
    expect((await claim(db, T1, 10, 'worker-b')).map((d) => d.email)).toEqual(['a@example.com']);

    // A minute later worker-a's claim on b is stale (worker-a died): worker-b takes it.
    const later = new Date(Date.parse(T0) + 61_000).toISOString();
    expect((await claim(db, later, 10, 'worker-b')).map((d) => d.email)).toEqual(['b@example.com']);

    // worker-b gives back what it never tried, and the lease holder takes back every foreign claim.
    expect(await releaseClaims(db, { claimant: 'worker-b' })).toBe(3);
    expect((await claim(db, later, 1, 'worker-c')).map((d) => d.email)).toEqual(['a@example.com']);
    expect(await releaseClaims(db, { except: 'worker-d' })).toBe(1);
    expect(await releaseClaims(db, { except: 'worker-d' })).toBe(0);
    expect((await claim(db, later, 10, 'worker-d')).map((d) => d.email)).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });
});
