import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../errors.ts';
import { clientAddress, rateLimit } from './rate-limit.ts';

/** A bare app with the given configuration that answers the client address it sees, behind `limiter`. */
function appWith(env: Record<string, string>, limiter = rateLimit({ limit: 1000, windowMs: 60_000, message: 'Slow down.' })) {
  const config = loadConfig(env);
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('config', config);
    await next();
  });
  app.get('/', limiter, (c) => c.text(clientAddress(c)));
  app.onError((error, c) => (error instanceof ApiError ? c.json(error.body, error.status) : c.text('unexpected', 500)));
  return (socket: string, forwardedFor?: string) =>
    Promise.resolve(
      app.request(
        'http://localhost/',
        { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} },
        { incoming: { socket: { remoteAddress: socket } } },
      ),
    );
}

const addressSeen = async (response: Promise<Response>) => (await response).text();

describe('clientAddress', () => {
  it('takes the socket address and ignores X-Forwarded-For when no proxy is trusted', async () => {
    const ask = appWith({});
    expect(await addressSeen(ask('203.0.113.7', '198.51.100.1'))).toBe('203.0.113.7');
  });

  it('with TRUST_PROXY=1, takes the address the one trusted proxy saw, not what the client claimed before it', async () => {
    const ask = appWith({ TRUST_PROXY: '1' });
    expect(await addressSeen(ask('10.0.0.1', '198.51.100.1'))).toBe('198.51.100.1');
    expect(await addressSeen(ask('10.0.0.1', '6.6.6.6, 198.51.100.1'))).toBe('198.51.100.1');
    expect(await addressSeen(ask('10.0.0.1'))).toBe('10.0.0.1');
  });

  it('with TRUST_PROXY=2, walks back two hops', async () => {
    const ask = appWith({ TRUST_PROXY: '2' });
    expect(await addressSeen(ask('10.0.0.1', '6.6.6.6, 198.51.100.1, 10.0.0.2'))).toBe('198.51.100.1');
  });

  it('with a CIDR list, believes X-Forwarded-For only from those proxies', async () => {
    const ask = appWith({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    expect(await addressSeen(ask('10.1.2.3', '6.6.6.6, 198.51.100.1, 10.0.0.2'))).toBe('198.51.100.1');
    expect(await addressSeen(ask('127.0.0.1', '198.51.100.1'))).toBe('198.51.100.1');
    expect(await addressSeen(ask('::ffff:10.1.2.3', '198.51.100.1'))).toBe('198.51.100.1');
    // A client connecting directly cannot choose its address by sending the header.
    expect(await addressSeen(ask('203.0.113.7', '198.51.100.1'))).toBe('203.0.113.7');
  });
});

describe('rateLimit', () => {
  it('limits each client to its allowance', async () => {
    const ask = appWith({}, rateLimit({ limit: 2, windowMs: 60_000, message: 'Slow down.' }));
    expect((await ask('203.0.113.1')).status).toBe(200);
    expect((await ask('203.0.113.1')).status).toBe(200);
    expect((await ask('203.0.113.1')).status).toBe(429);
    expect((await ask('203.0.113.2')).status).toBe(200);
  });

  it('limits readers behind a trusted proxy one by one, not the proxy as a whole', async () => {
    const ask = appWith({ TRUST_PROXY: '1' }, rateLimit({ limit: 1, windowMs: 60_000, message: 'Slow down.' }));
    expect((await ask('10.0.0.1', '198.51.100.1')).status).toBe(200);
    expect((await ask('10.0.0.1', '198.51.100.2')).status).toBe(200);
    expect((await ask('10.0.0.1', '198.51.100.1')).status).toBe(429);
  });

  it('remembers at most maxClients clients, forgetting the least recently seen first', async () => {
    const ask = appWith({}, rateLimit({ limit: 1, windowMs: 60_000, message: 'Slow down.', maxClients: 2 }));
    expect((await ask('203.0.113.1')).status).toBe(200);
    expect((await ask('203.0.113.1')).status).toBe(429);
    expect((await ask('203.0.113.2')).status).toBe(200);
    expect((await ask('203.0.113.3')).status).toBe(200);
    // .1 was the least recently seen of three: forgotten, so its allowance starts again.
    expect((await ask('203.0.113.1')).status).toBe(200);
    expect((await ask('203.0.113.3')).status).toBe(429);
  });
});
