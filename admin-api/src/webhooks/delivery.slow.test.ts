import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  commitChange,
  createWebhook,
  insertPost,
  listWebhookDeliveries,
  markOutboxDone,
  pendingOutbox,
  updatePost,
  type Db,
} from '@forkcast/content-db';
import { createTempDb, postFixture, type TempDb } from '@forkcast/content-db/testing';
import { newWebhookSecret } from './secret.ts';
import { WebhookDelivery } from './delivery.ts';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP receiver on loopback that answers each request with the next status of `statuses` (then 204). */
async function receiver(statuses: number[] = []): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 204;
      res.end(res.statusCode >= 400 ? 'not today' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const PUBLIC_HOST = 'https://forkcast.example';

describe('webhook delivery', () => {
  let handle: TempDb;
  let db: Db;
  let workers: WebhookDelivery[];
  beforeEach(async () => {
    handle = await createTempDb();
    db = handle.db;
    workers = [];
  });
  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await handle.cleanup();
  });

  const worker = (options: Partial<ConstructorParameters<typeof WebhookDelivery>[0]> = {}) => {
    const made = new WebhookDelivery({
      db,
      logger: pino({ level: 'silent' }),
      publicHost: PUBLIC_HOST,
      allowPrivate: true,
      pollMs: 20,
      ...options,
    });
    workers.push(made);
    return made;
  };
  /** Publishes a new post in one change (as the API would) and returns its id. */
  const publishPost = async (slug: string) => {
    const { result } = await commitChange(db, async (trx) => {
      const id = await insertPost(trx, postFixture(slug, { published: false, publishedAt: null }));
      await updatePost(trx, id, { published: true, publishedAt: '2025-01-02T00:00:00.000Z', updatedAt: '2025-01-02T00:00:00.000Z' });
      return id;
    });
    return result;
  };
  const publishOutbox = async () =>
    markOutboxDone(
      db,
      (await pendingOutbox(db)).map((entry) => entry.id),
      new Date().toISOString(),
    );
  const until = async (check: () => Promise<boolean>) => {
    for (let tries = 0; !(await check()); tries++) {
      if (tries > 500) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const deliveries = () => listWebhookDeliveries(db, { limit: 100 });

  it('sends a signed event once its pages are published, with the absolute URL of the post', async () => {
    const target = await receiver();
    const secret = newWebhookSecret();
    await createWebhook(db, { url: target.url, events: ['post.published'], secret, createdBy: null }, new Date().toISOString());
    const postId = await publishPost('tbilisi-bakeries');
    const sending = worker();
    sending.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Its page is not published yet: nothing goes out.
    expect(target.received).toEqual([]);
    await publishOutbox();
    sending.wake();
    await until(async () => (await deliveries())[0]?.status === 'delivered');
    expect(target.received).toHaveLength(1);
    const [{ headers, body }] = target.received as [Received];
    const verified = new Webhook(secret).verify(body, headers as Record<string, string>) as { type: string; data: { post: object } };
    expect(verified).toMatchObject({
      type: 'post.published',
      data: { post: { id: postId, path: '/post/tbilisi-bakeries', url: `${PUBLIC_HOST}/post/tbilisi-bakeries` } },
    });
    expect(headers['webhook-id']).toBe((await deliveries())[0]!.messageId);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers as Record<string, string>)).toThrow();
    await target.close();
  });

  it('retries with the same id and body until the endpoint answers 2xx, then fails for good when the waits run out', async () => {
    const flaky = await receiver([500, 503]);
    const down = await receiver([500, 500, 500]);
    await createWebhook(
      db,
      { url: flaky.url, events: ['post.published'], secret: newWebhookSecret(), createdBy: null },
      new Date().toISOString(),
    );
    await createWebhook(
      db,
      { url: down.url, events: ['post.published'], secret: newWebhookSecret(), createdBy: null },
      new Date().toISOString(),
    );
    await publishPost('oaxaca-moles');
    await publishOutbox();
    worker({ retriesMs: [10, 10] }).start();
    await until(async () => (await deliveries()).every((row) => row.status !== 'queued'));
    const byUrl = Object.fromEntries(
      (
        await db
          .selectFrom('webhookDeliveries')
          .innerJoin('webhooks', 'webhooks.id', 'webhookId')
          .select(['url', 'status', 'attempts', 'responseStatus', 'lastError'])
          .execute()
      ).map((row) => [row.url, row]),
    );
    expect(byUrl[flaky.url]).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 204, lastError: null });
    expect(byUrl[down.url]).toMatchObject({
      status: 'failed',
      attempts: 3,
      responseStatus: 500,
      lastError: 'the endpoint answered 500: not today',
    });
    expect(new Set(flaky.received.map((request) => `${request.headers['webhook-id']} ${request.body}`)).size).toBe(1);
    expect(flaky.received).toHaveLength(3);
    await Promise.all([flaky.close(), down.close()]);
  });

  it('refuses a loopback target at connection time unless private targets are allowed', async () => {
    const target = await receiver();
    await createWebhook(
      db,
      { url: target.url, events: ['post.published'], secret: newWebhookSecret(), createdBy: null },
      new Date().toISOString(),
    );
    await publishPost('hanoi-pho');
    await publishOutbox();
    worker({ allowPrivate: false }).start();
    await until(async () => (await deliveries())[0]?.status === 'failed');
    expect(target.received).toEqual([]);
    expect((await deliveries())[0]).toMatchObject({ attempts: 1, lastError: expect.stringContaining('WEBHOOK_ALLOW_PRIVATE=1') });
    await target.close();
  });

  it('sends each event once with two workers on one database, and takes over what a dead worker claimed', async () => {
    const target = await receiver();
    await createWebhook(
      db,
      { url: target.url, events: ['post.published'], secret: newWebhookSecret(), createdBy: null },
      new Date().toISOString(),
    );
    for (const slug of ['a-one', 'a-two', 'a-three', 'a-four']) await publishPost(slug);
    await publishOutbox();
    // A worker that died holding claims: its rows wait until the lease holder takes them over.
    await db
      .updateTable('webhookDeliveries')
      .set({ claimedBy: 'dead-server', claimedAt: new Date().toISOString() })
      .where('id', '=', 1)
      .execute();
    const first = worker({ claimant: { token: 'first', held: () => true, expiryMs: 60_000 } });
    const second = worker({ claimant: { token: 'second', held: () => true, expiryMs: 60_000 } });
    first.start();
    second.start();
    await until(async () => (await deliveries()).filter((row) => row.status === 'delivered').length === 3);
    expect((await deliveries()).find((row) => row.id === 1)?.status).toBe('queued');
    expect(await first.takeOverClaims()).toBe(1);
    first.wake();
    await until(async () => (await deliveries()).every((row) => row.status === 'delivered'));
    expect(target.received.map((request) => request.headers['webhook-id']).sort()).toEqual(
      (await deliveries()).map((row) => row.messageId).sort(),
    );
    await target.close();
  });
});
