import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, listPosts } from '@forkcast/content-db';
import { deploymentEnv, killServer, signIn, startServer, type ServerProcess } from './server-process.ts';
import { BUILT, copyBuiltAssets } from './support.ts';

// The real server queues a webhook event in the transaction of the write behind it. Killed with
// SIGKILL while the receiver is down, it delivers the event after restart: once, signed, with
// the same message id the first attempt used.

/** Waits until `check` is true, looking every 20 ms (the test's timeout bounds it). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A free loopback port: one a server just had and let go. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('webhooks across a crash', () => {
  let workDir: string;
  let running: ServerProcess | undefined;
  let receiver: Server | undefined;

  beforeAll(() => {
    workDir = mkdtempSync(join(tmpdir(), 'forkcast-webhooks-'));
    mkdirSync(join(workDir, 'dist'));
    symlinkSync(BUILT.serverDir, join(workDir, 'dist', 'server'));
    copyBuiltAssets(join(workDir, 'dist', 'client'));
  });
  afterAll(async () => {
    if (running) await killServer(running);
    receiver?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('delivers an event queued before a kill -9 once the receiver is back, signed and only once', async () => {
    const env = deploymentEnv(workDir, { WEBHOOK_ALLOW_PRIVATE: '1' });
    const port = await freePort();
    running = await startServer(workDir, env);
    const cookie = await signIn(running.url);
    const db = createDb(env.DATABASE_PATH!);
    try {
      const created = await fetch(`${running.url}/api/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/in`, events: ['post.unpublished'] }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { secret } = (await created.json()) as { secret: string };
      const post = (await listPosts(db, { publishedOnly: true, type: 'post' }))[0]!;
      const unpublished = await fetch(`${running.url}/api/posts/${post.slug}/published`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ published: false }),
      });
      expect(unpublished.status, await unpublished.clone().text()).toBe(200);
      // The receiver is down: the first attempt fails and waits for its retry.
      const row = () => db.selectFrom('webhookDeliveries').selectAll().executeTakeFirstOrThrow();
      await until(async () => (await row()).attempts === 1);
      expect((await row()).status).toBe('queued');
      await killServer(running);
      running = undefined;

      const received: { headers: IncomingMessage['headers']; body: string }[] = [];
      receiver = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          received.push({ headers: req.headers, body });
          res.end();
        });
      });
      await new Promise<void>((resolve) => receiver!.listen(port, '127.0.0.1', resolve));
      running = await startServer(workDir, env);
      await until(async () => (await row()).status === 'delivered');
      expect(received).toHaveLength(1);
      const [{ headers, body }] = received as [(typeof received)[0]];
      expect(headers['webhook-id']).toBe((await row()).messageId);
      expect(new Webhook(secret).verify(body, headers as Record<string, string>)).toMatchObject({
        type: 'post.unpublished',
        data: { post: { id: post.id, status: 'draft' } },
      });
      expect((await row()).attempts).toBe(2);
    } finally {
      await db.destroy();
    }
  });
});
