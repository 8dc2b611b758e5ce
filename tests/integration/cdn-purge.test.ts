import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '@forkcast/content-db/seed';
import { json } from '@forkcast/admin-api/testing';
import { publishingSite, type PublishingSite } from './support.ts';

// The README's worked example for a CDN that purges by URL, run for real: the server's purge
// webhook, signed with PURGE_WEBHOOK_SECRET, reaches deploy/purge-receiver.mjs, which checks the
// signature and calls a stand-in for Cloudflare's purge API.
const RECEIVER = join(import.meta.dirname, '..', '..', 'deploy', 'purge-receiver.mjs');
const SECRET = 'the secret both sides share';
const TOKEN = 'cdn-api-token';

interface PurgeCall {
  path: string;
  authorization: string | undefined;
  files: string[];
}

describe('purging a CDN through the example receiver', () => {
  let cdn: Server;
  let receiver: ChildProcess;
  let receiverUrl: string;
  let site: PublishingSite;
  const calls: PurgeCall[] = [];
  // The stand-in CDN fails this many calls before it accepts again.
  let failNext = 0;

  beforeAll(async () => {
    cdn = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (failNext > 0) {
          failNext--;
          response.writeHead(500, { 'content-type': 'application/json' }).end('{"success":false}');
          return;
        }
        calls.push({ path: request.url!, authorization: request.headers.authorization, files: JSON.parse(body).files });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
      });
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    receiver = spawn(process.execPath, [RECEIVER], {
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        PURGE_WEBHOOK_SECRET: SECRET,
        CLOUDFLARE_ZONE_ID: 'zone123',
        CLOUDFLARE_API_TOKEN: TOKEN,
        CLOUDFLARE_API: `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/client/v4`,
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    receiverUrl = await new Promise<string>((resolve, reject) => {
      let output = '';
      receiver.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      receiver.once('exit', (code) => reject(new Error(`the receiver exited (${code}): ${output}`)));
    });
    site = await publishingSite(({ db }) => seed(db).then(() => undefined), {
      env: { PURGE_WEBHOOK_URL: `${receiverUrl}/forkcast`, PURGE_WEBHOOK_SECRET: SECRET },
    });
  });

  afterAll(async () => {
    receiver?.kill();
    cdn?.closeAllConnections();
    await new Promise((resolve) => cdn?.close(resolve));
    await site?.cleanup();
  });

  it('purges exactly the URLs a write changed, at the CDN, with the CDN token', async () => {
    calls.length = 0;
    const response = await site.request('/api/hero/update-image', json('POST', { imageUrl: '/images/presets/asian-cuisine.jpg' }));
    expect(response.status).toBe(200);
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]).toEqual({
      path: '/client/v4/zones/zone123/purge_cache',
      authorization: `Bearer ${TOKEN}`,
      files: ['https://forkcast.test/'],
    });
  });

  it('answers 502 while the CDN fails, so the server tries again and the purge still happens', async () => {
    calls.length = 0;
    failNext = 1;
    const response = await site.request('/api/hero/update-image', json('POST', { imageUrl: '/images/presets/food-plating.jpg' }));
    expect(response.status).toBe(200);
    await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(1);
    expect(failNext).toBe(0);
    expect(calls[0]!.files).toEqual(['https://forkcast.test/']);
  });

  it('refuses a POST that is unsigned, signed with another secret, or signed long ago, and purges nothing', async () => {
    calls.length = 0;
    const body = JSON.stringify({ id: 'x', urls: ['https://forkcast.test/'], publishedAt: new Date().toISOString() });
    const sign = (secret: string, time: number) => `t=${time},v1=${createHmac('sha256', secret).update(`${time}.${body}`).digest('hex')}`;
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [undefined, sign('not the shared secret', now), sign(SECRET, now - 3600)]) {
      const response = await fetch(`${receiverUrl}/forkcast`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-forkcast-signature': signature } : {}) },
        body,
      });
      expect(response.status).toBe(401);
    }
    const accepted = await fetch(`${receiverUrl}/forkcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forkcast-signature': sign(SECRET, now) },
      body,
    });
    expect(accepted.status).toBe(204);
    expect(calls).toHaveLength(1);
  });
});
