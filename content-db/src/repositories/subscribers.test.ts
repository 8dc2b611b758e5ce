import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { useTempDb } from '../testing.ts';
import { deleteSubscriber, listSubscribers, subscribe } from './subscribers.ts';

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
      expect(result.created).toBe(true);
      expect(result.subscriber).toEqual({ id: result.subscriber.id, email: 'reader@example.com', subscribedAt: T0 });
      expect(await listSubscribers(db)).toEqual([result.subscriber]);
    });

    it('subscribing the same email twice returns created:false with the same, unchanged row', async () => {
      const first = await subscribe(db, 'reader@example.com', T0);
      const second = await subscribe(db, 'reader@example.com', T1);
      expect(second).toEqual({ subscriber: first.subscriber, created: false });
      expect(second.subscriber.subscribedAt).toBe(T0);
      expect(await listSubscribers(db)).toHaveLength(1);
    });

    it('treats the email as unique ignoring case and surrounding whitespace', async () => {
      const first = await subscribe(db, 'Reader@Example.com', T0);
      for (const variant of ['reader@example.com', ' READER@EXAMPLE.COM ', '\treader@EXAMPLE.com']) {
        const again = await subscribe(db, variant, T1);
        expect(again.created).toBe(false);
        expect(again.subscriber).toEqual(first.subscriber);
      }
      // The first spelling is the one kept.
      expect((await listSubscribers(db)).map((s) => s.email)).toEqual(['Reader@Example.com']);
    });

    it('keeps different emails apart', async () => {
      const a = await subscribe(db, 'a@example.com', T0);
      const b = await subscribe(db, 'b@example.com', T0);
      expect(a.created && b.created).toBe(true);
      expect(a.subscriber.id).not.toBe(b.subscriber.id);
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
