import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { PURGE_SIGNATURE_HEADER, purgeSignature, purgeWebhook } from './purge-webhook.ts';

const SECRET = 'a shared secret of some length';
const REPORT = { pagesChanged: 2, rendered: 2, ms: 4, urls: ['/', '/kyoto/guide'], failed: [] };

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A real HTTP receiver that records each delivery and answers with the next status of `statuses` (the last one repeats). */
async function receiver(statuses: number[]): Promise<{ url: string; deliveries: Delivery[] }> {
  const deliveries: Delivery[] = [];
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body });
      response.writeHead(statuses[Math.min(deliveries.length, statuses.length) - 1]!).end();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`, deliveries };
}

/** What the README tells a receiver to do, written out independently of the sender's code. */
function verifies(delivery: Delivery, secret: string): boolean {
  const header = String(delivery.headers[PURGE_SIGNATURE_HEADER.toLowerCase()]);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  return createHmac('sha256', secret).update(`${match[1]}.${delivery.body}`).digest('hex') === match[2];
}

const quiet = pino({ level: 'silent' });

describe('the purge webhook', () => {
  it('signs each POST over the signed time and the raw body, so the receiver can check both', async () => {
    const { url, deliveries } = await receiver([204]);
    const at = Date.parse('2025-03-04T05:06:07Z');
    const notify = purgeWebhook({ url, publicHost: 'https://forkcast.test', logger: quiet, secret: SECRET, now: () => at });
    expect(await notify(REPORT)).toBe(true);
    const [delivery] = deliveries;
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(verifies(delivery!, SECRET)).toBe(true);
    expect(verifies(delivery!, 'another secret entirely')).toBe(false);
    expect(verifies({ ...delivery!, body: delivery!.body.replace('kyoto', 'osaka') }, SECRET)).toBe(false);
    expect(delivery!.headers[PURGE_SIGNATURE_HEADER.toLowerCase()]).toMatch(new RegExp(`^t=${at / 1000},v1=`));
    const body = JSON.parse(delivery!.body);
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      urls: ['https://forkcast.test/', 'https://forkcast.test/kyoto/guide'],
      publishedAt: '2025-03-04T05:06:07.000Z',
    });
  });

  it('gives the signature of the worked example in the README', () => {
    const body =
      '{"id":"3b241101-e2bb-4255-8caf-4136c566a962","urls":["https://forkcast.example/kyoto/guide"],"publishedAt":"2025-03-04T05:06:07.000Z"}';
    expect(purgeSignature('example-secret-0123456789', 1741064767, body)).toBe(
      't=1741064767,v1=ce6746be39286e87852e3ad83cb83e3edb49600a9cf6c28798b62f7925840b81',
    );
  });

  it('sends no signature without a secret', async () => {
    const { url, deliveries } = await receiver([204]);
    await purgeWebhook({ url, publicHost: 'https://forkcast.test', logger: quiet })(REPORT);
    expect(deliveries[0]!.headers[PURGE_SIGNATURE_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('retries a 5xx, a 429 and a 408 with the same id and body, each attempt signed at its own time', async () => {
    const { url, deliveries } = await receiver([503, 429, 408, 204]);
    let clock = Date.parse('2025-03-04T05:06:07Z');
    const notify = purgeWebhook({
      url,
      publicHost: 'https://forkcast.test',
      logger: quiet,
      secret: SECRET,
      retryDelaysMs: [1, 1, 1],
      now: () => (clock += 10_000),
    });
    expect(await notify(REPORT)).toBe(true);
    expect(deliveries).toHaveLength(4);
    expect(new Set(deliveries.map((delivery) => delivery.body)).size).toBe(1);
    const times = deliveries.map((delivery) => /t=(\d+)/.exec(String(delivery.headers['x-forkcast-signature']))![1]);
    expect(new Set(times).size).toBe(4);
    expect(deliveries.every((delivery) => verifies(delivery, SECRET))).toBe(true);
  });

  it('does not retry what the receiver refuses outright (401: a wrong secret will stay wrong)', async () => {
    const { url, deliveries } = await receiver([401, 204]);
    const notify = purgeWebhook({ url, publicHost: 'https://forkcast.test', logger: quiet, secret: SECRET, retryDelaysMs: [1, 1, 1] });
    expect(await notify(REPORT)).toBe(false);
    expect(deliveries).toHaveLength(1);
  });
});
