import { describe, expect, it } from 'vitest';
import { commitChange } from '../changes.ts';
import type { Db } from '../db.ts';
import { deletePost, updatePost } from '../repositories/posts.ts';
import { confirmSubscriber, unsubscribe } from '../repositories/subscribers.ts';
import { createWebhook, listWebhookDeliveries } from '../repositories/webhooks.ts';
import { insertPost } from '../repositories/posts.ts';
import { FIXTURE_TIME, postFixture, useTempDb } from '../testing.ts';
import { postEvent } from './post-events.ts';
import type { PostState } from '../revisions/entities.ts';

const LATER = '2025-01-02T00:00:00.000Z';

function state(published: 0 | 1, title = 'A title'): PostState {
  return { post: { ...postFixture('a'), id: 1, published, title } as never, blocks: [], items: [], authorIds: [] };
}

describe('postEvent', () => {
  it('names each way a post can change for readers, and nothing for a draft edited', () => {
    expect(postEvent(state(0), state(1))).toBe('post.published');
    expect(postEvent(null, state(1))).toBe('post.published');
    expect(postEvent(state(1), state(1, 'New title'))).toBe('post.updated');
    expect(postEvent(state(1), state(0))).toBe('post.unpublished');
    expect(postEvent(state(1), null)).toBe('post.deleted');
    expect(postEvent(state(0), null)).toBe('post.deleted');
    expect(postEvent(state(0), state(0, 'New title'))).toBeUndefined();
    expect(postEvent(state(1), state(1))).toBeUndefined();
    expect(postEvent(null, state(0))).toBeUndefined();
  });
});

describe('webhook events of changes', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  const hook = (events: Parameters<typeof createWebhook>[1]['events']) =>
    createWebhook(db, { url: 'https://hooks.example.com/in', events, secret: 'whsec_x', createdBy: null }, FIXTURE_TIME);
  const draft = () => commitChange(db, (trx) => insertPost(trx, postFixture('lisbon-bakeries', { published: false, publishedAt: null })));

  it('queues nothing, and costs nothing, while no webhook is registered', async () => {
    const { result: id } = await draft();
    await commitChange(db, (trx) => updatePost(trx, id, { published: true, publishedAt: LATER, updatedAt: LATER }));
    expect(await db.selectFrom('webhookDeliveries').selectAll().execute()).toEqual([]);
  });

  it('queues a publish in the change, waiting for the outbox entry of its pages', async () => {
    const webhookId = await hook(['post.published', 'post.unpublished']);
    const { result: id } = await draft();
    expect(await db.selectFrom('webhookDeliveries').selectAll().execute()).toEqual([]);
    await commitChange(db, (trx) => updatePost(trx, id, { published: true, publishedAt: LATER, updatedAt: LATER }), { now: LATER });
    const [row, ...more] = await db.selectFrom('webhookDeliveries').selectAll().execute();
    expect(more).toEqual([]);
    const outbox = await db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ webhookId, event: 'post.published', status: 'queued', outboxId: outbox.id, nextAttemptAt: LATER });
    expect(row!.messageId).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(JSON.parse(row!.payload)).toEqual({
      type: 'post.published',
      timestamp: LATER,
      data: {
        post: expect.objectContaining({
          id,
          title: 'Title of lisbon-bakeries',
          path: '/post/lisbon-bakeries',
          status: 'published',
          type: 'post',
        }),
      },
    });
  });

  it('sends each webhook only the events it asked for', async () => {
    await hook(['post.deleted']);
    const wantsAll = await hook(['post.published', 'post.updated', 'post.unpublished', 'post.deleted']);
    const { result: id } = await draft();
    await commitChange(db, (trx) => updatePost(trx, id, { published: true, publishedAt: LATER, updatedAt: LATER }));
    await commitChange(db, (trx) => updatePost(trx, id, { title: 'Lisbon, bakery by bakery', updatedAt: LATER }));
    await commitChange(db, (trx) => updatePost(trx, id, { published: false, updatedAt: LATER }));
    await commitChange(db, (trx) => deletePost(trx, id));
    const rows = (await listWebhookDeliveries(db, { limit: 10 })).reverse();
    expect(rows.map((row) => [row.webhookId === wantsAll ? 'all' : 'deleted', row.event])).toEqual([
      ['all', 'post.published'],
      ['all', 'post.updated'],
      ['all', 'post.unpublished'],
      ['deleted', 'post.deleted'],
      ['all', 'post.deleted'],
    ]);
  });

  it('rolls the event back with a change that fails', async () => {
    await hook(['post.published']);
    const { result: id } = await draft();
    await expect(
      commitChange(db, async (trx) => {
        await updatePost(trx, id, { published: true, publishedAt: LATER, updatedAt: LATER });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await db.selectFrom('webhookDeliveries').selectAll().execute()).toEqual([]);
  });

  it("queues a subscriber's confirmation and leaving, once each", async () => {
    await hook(['subscriber.confirmed', 'subscriber.unsubscribed']);
    const { id } = await db
      .insertInto('newsletterSubscribers')
      .values({
        email: 'reader@example.com',
        status: 'pending',
        subscribedAt: FIXTURE_TIME,
        confirmationSentAt: null,
        confirmedAt: null,
        unsubscribedAt: null,
        bouncedAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await confirmSubscriber(db, id, LATER)).toBe(true);
    expect(await confirmSubscriber(db, id, LATER)).toBe(false);
    expect(await unsubscribe(db, id, LATER)).toBe(true);
    expect(await unsubscribe(db, id, LATER)).toBe(false);
    const rows = (await db.selectFrom('webhookDeliveries').select(['event', 'payload', 'outboxId']).orderBy('id').execute()).map((row) => ({
      ...row,
      payload: JSON.parse(row.payload) as unknown,
    }));
    expect(rows).toEqual([
      {
        event: 'subscriber.confirmed',
        outboxId: null,
        payload: {
          type: 'subscriber.confirmed',
          timestamp: LATER,
          data: { subscriber: { id, email: 'reader@example.com', status: 'confirmed' } },
        },
      },
      {
        event: 'subscriber.unsubscribed',
        outboxId: null,
        payload: {
          type: 'subscriber.unsubscribed',
          timestamp: LATER,
          data: { subscriber: { id, email: 'reader@example.com', status: 'unsubscribed' } },
        },
      },
    ]);
  });
});
