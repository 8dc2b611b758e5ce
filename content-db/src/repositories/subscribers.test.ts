import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { useTempDb } from '../testing.ts';
import {
  confirmSubscriber,
  deleteSubscriber,
  getSubscriber,
  listSubscribers,
  purgeUnconfirmed,
  releaseConfirmation,
  subscribe,
  unsubscribe,
} from './subscribers.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-02-01T00:00:00.000Z';
const T2 = '2025-03-01T00:00:00.000Z';

describe('subscribers repository', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  describe('subscribe', () => {
    it('creates a subscriber with the trimmed email', async () => {
      const result = await subscribe(db, '  reader@example.com \n', T0);
      expect(result).toMatchObject({ created: true, sendConfirmation: true, previousConfirmationSentAt: null });
      expect(result.subscriber).toEqual({
        id: result.subscriber.id,
        email: 'reader@example.com',
        subscribedAt: T0,
        status: 'pending',
        confirmationSentAt: T0,
        confirmedAt: null,
        unsubscribedAt: null,
        bouncedAt: null,
        hardBounces: 0,
      });
      expect(await listSubscribers(db)).toEqual([result.subscriber]);
    });

    it('subscribing a confirmed email again changes nothing and sends nothing', async () => {
      const first = await subscribe(db, 'reader@example.com', T0);
      await confirmSubscriber(db, first.subscriber.id, T0);
      const confirmed = (await getSubscriber(db, first.subscriber.id))!;
      const second = await subscribe(db, 'reader@example.com', T1);
      expect(second).toEqual({ subscriber: confirmed, created: false, sendConfirmation: false, previousConfirmationSentAt: T0 });
      expect(await listSubscribers(db)).toEqual([confirmed]);
    });

    it('re-sends the confirmation of a pending email only once its last one is an hour old', async () => {
      const first = await subscribe(db, 'reader@example.com', '2025-01-01T10:00:00.000Z');
      const soon = await subscribe(db, 'reader@example.com', '2025-01-01T10:59:59.999Z');
      expect(soon).toMatchObject({ created: false, sendConfirmation: false });
      expect(soon.subscriber).toEqual(first.subscriber);
      const later = await subscribe(db, 'reader@example.com', '2025-01-01T11:00:00.000Z');
      expect(later).toMatchObject({ created: false, sendConfirmation: true, previousConfirmationSentAt: '2025-01-01T10:00:00.000Z' });
      expect(later.subscriber).toEqual({ ...first.subscriber, confirmationSentAt: '2025-01-01T11:00:00.000Z' });
      expect(await subscribe(db, 'reader@example.com', '2025-01-01T11:30:00.000Z')).toMatchObject({ sendConfirmation: false });
    });

    it('gives back a claimed confirmation that could not be sent, so the next sign-up sends it', async () => {
      const first = await subscribe(db, 'reader@example.com', T0);
      await releaseConfirmation(db, first);
      expect((await getSubscriber(db, first.subscriber.id))!.confirmationSentAt).toBeNull();
      expect(await subscribe(db, 'reader@example.com', T0)).toMatchObject({ sendConfirmation: true });
    });

    it('starts a new pending sign-up for an address that left or bounced', async () => {
      const first = await subscribe(db, 'reader@example.com', T0);
      await confirmSubscriber(db, first.subscriber.id, T0);
      await unsubscribe(db, first.subscriber.id, T1);
      const again = await subscribe(db, 'reader@example.com', T2);
      expect(again).toMatchObject({ created: false, sendConfirmation: true });
      expect(again.subscriber).toMatchObject({
        id: first.subscriber.id,
        status: 'pending',
        subscribedAt: T2,
        confirmationSentAt: T2,
        confirmedAt: null,
        unsubscribedAt: null,
      });
      await db.updateTable('newsletterSubscribers').set({ status: 'bounced', bouncedAt: T2, hardBounces: 3 }).execute();
      expect((await subscribe(db, 'reader@example.com', '2025-03-01T01:00:00.000Z')).subscriber).toMatchObject({
        status: 'pending',
        bouncedAt: null,
        hardBounces: 0,
      });
    });

    it('sends an address that left no second confirmation within the hour of its last, and changes nothing', async () => {
      const first = await subscribe(db, 'reader@example.com', '2025-01-01T10:00:00.000Z');
      await unsubscribe(db, first.subscriber.id, '2025-01-01T10:10:00.000Z');
      const left = (await getSubscriber(db, first.subscriber.id))!;
      const soon = await subscribe(db, 'reader@example.com', '2025-01-01T10:20:00.000Z');
      expect(soon).toEqual({
        subscriber: left,
        created: false,
        sendConfirmation: false,
        previousConfirmationSentAt: '2025-01-01T10:00:00.000Z',
      });
      expect(await subscribe(db, 'reader@example.com', '2025-01-01T11:00:00.000Z')).toMatchObject({
        sendConfirmation: true,
        subscriber: { status: 'pending', subscribedAt: '2025-01-01T11:00:00.000Z', unsubscribedAt: null },
      });
    });

    it('runs the same statements for a new, a pending, a confirmed and a departed address', async () => {
      const statements: string[] = [];
      const recorded = db.withPlugin({
        transformQuery: (args) => {
          statements.push(db.getExecutor().compileQuery(args.node, args.queryId).sql);
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const work = async (email: string, at: string) => {
        statements.length = 0;
        await subscribe(recorded, email, at);
        return [...statements];
      };
      const fresh = await work('reader@example.com', T0);
      const confirmed = await subscribe(db, 'confirmed@example.com', T0);
      await confirmSubscriber(db, confirmed.subscriber.id, T0);
      const left = await subscribe(db, 'left@example.com', T0);
      await unsubscribe(db, left.subscriber.id, T0);
      expect(fresh).toHaveLength(2);
      for (const [email, at] of [
        ['reader@example.com', T0],
        ['reader@example.com', T1],
        ['confirmed@example.com', T1],
        ['left@example.com', T1],
      ] as const) {
        expect(await work(email, at), `${email} at ${at}`).toEqual(fresh);
      }
    });

    it('treats the email as unique ignoring case and surrounding whitespace', async () => {
      const first = await subscribe(db, 'Reader@Example.com', T0);
      for (const variant of ['reader@example.com', ' READER@EXAMPLE.COM ', '\treader@EXAMPLE.com']) {
        const again = await subscribe(db, variant, T0);
        expect(again.created).toBe(false);
        expect(again.subscriber).toEqual(first.subscriber);
      }
      // The first spelling is the one kept.
      expect((await listSubscribers(db)).map((s) => s.email)).toEqual(['Reader@Example.com']);
    });

    // Why no migration folds case: the column has been unique under NOCASE since 0001, and the one
    // address rule admits ASCII only, which NOCASE folds whole.
    it('cannot hold one mailbox twice in different case, however the row is written', async () => {
      await subscribe(db, 'reader@example.com', T0);
      await expect(
        db.insertInto('newsletterSubscribers').values({ email: 'READER@Example.COM', subscribedAt: T0 }).execute(),
      ).rejects.toThrow(/UNIQUE constraint failed/);
    });

    it('keeps different emails apart', async () => {
      const a = await subscribe(db, 'a@example.com', T0);
      const b = await subscribe(db, 'b@example.com', T0);
      expect(a.created && b.created).toBe(true);
      expect(a.subscriber.id).not.toBe(b.subscriber.id);
    });
  });

  describe('confirmSubscriber and unsubscribe', () => {
    it('confirms a pending subscriber once, and not one that left', async () => {
      const { subscriber } = await subscribe(db, 'reader@example.com', T0);
      expect(await confirmSubscriber(db, subscriber.id, T1)).toBe(true);
      expect(await confirmSubscriber(db, subscriber.id, T2)).toBe(false);
      expect(await getSubscriber(db, subscriber.id)).toMatchObject({ status: 'confirmed', confirmedAt: T1 });
      expect(await unsubscribe(db, subscriber.id, T2)).toBe(true);
      expect(await unsubscribe(db, subscriber.id, T2)).toBe(false);
      expect(await confirmSubscriber(db, subscriber.id, T2)).toBe(false);
      expect(await getSubscriber(db, subscriber.id)).toMatchObject({ status: 'unsubscribed', confirmedAt: T1, unsubscribedAt: T2 });
      expect(await unsubscribe(db, 9999, T2)).toBe(false);
    });
  });

  describe('purgeUnconfirmed', () => {
    it('deletes only pending sign-ups whose last confirmation went out before the cutoff', async () => {
      const stale = await subscribe(db, 'stale@example.com', T0);
      const resent = await subscribe(db, 'resent@example.com', T0);
      await subscribe(db, 'resent@example.com', T2);
      const confirmed = await subscribe(db, 'confirmed@example.com', T0);
      await confirmSubscriber(db, confirmed.subscriber.id, T0);
      const left = await subscribe(db, 'left@example.com', T0);
      await unsubscribe(db, left.subscriber.id, T0);
      expect(await purgeUnconfirmed(db, T1)).toBe(1);
      expect(await getSubscriber(db, stale.subscriber.id)).toBeUndefined();
      expect((await listSubscribers(db)).map((s) => s.email).sort()).toEqual([
        'confirmed@example.com',
        'left@example.com',
        'resent@example.com',
      ]);
      expect(resent.created).toBe(true);
      expect(await purgeUnconfirmed(db, T1)).toBe(0);
    });
  });

  describe('listSubscribers', () => {
    it('lists newest first, with the newer id first on equal dates', async () => {
      await subscribe(db, 'old@example.com', T0);
      await subscribe(db, 'newest@example.com', T2);
      await subscribe(db, 'middle-a@example.com', T1);
      await subscribe(db, 'middle-b@example.com', T1);
      expect((await listSubscribers(db)).map((s) => s.email)).toEqual([
        'newest@example.com',
        'middle-b@example.com',
        'middle-a@example.com',
        'old@example.com',
      ]);
    });

    it('is empty at first', async () => {
      expect(await listSubscribers(db)).toEqual([]);
    });
  });

  describe('deleteSubscriber', () => {
    it('deletes by id and returns true, then false for the same or an unknown id', async () => {
      const { subscriber } = await subscribe(db, 'bye@example.com', T0);
      const kept = await subscribe(db, 'stay@example.com', T0);
      expect(await deleteSubscriber(db, subscriber.id)).toBe(true);
      expect(await deleteSubscriber(db, subscriber.id)).toBe(false);
      expect(await deleteSubscriber(db, 9999)).toBe(false);
      expect(await listSubscribers(db)).toEqual([kept.subscriber]);
    });

    it('lets a deleted email subscribe again as a new subscriber', async () => {
      const first = await subscribe(db, 'back@example.com', T0);
      await deleteSubscriber(db, first.subscriber.id);
      const again = await subscribe(db, 'BACK@example.com', T1);
      expect(again.created).toBe(true);
      expect(again.subscriber).toMatchObject({ email: 'BACK@example.com', subscribedAt: T1 });
    });
  });
});
