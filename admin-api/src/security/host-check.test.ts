import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listContactMessages } from '@forkcast/content-db';
import { createTestApp, type TestApp } from '../testing.ts';
import { servesHost } from './host-check.ts';

describe('servesHost', () => {
  it('answers for PUBLIC_HOST (with its port), the bound address and loopback names, and nothing else', () => {
    const serves = servesHost('https://forkcast.example', '10.0.0.5');
    for (const host of ['forkcast.example', '10.0.0.5:4321', 'localhost:4321', '127.0.0.1', '[::1]:8080'])
      expect(serves(host), host).toBe(true);
    for (const host of ['forkcast.example:8443', 'evil.example', 'forkcast.example.evil.example', '10.0.0.6:4321']) {
      expect(serves(host), host).toBe(false);
    }
  });

  it('takes no address as its own when bound to every address', () => {
    expect(servesHost('http://localhost:4321', '0.0.0.0')('0.0.0.0:4321')).toBe(false);
    expect(servesHost('http://localhost:4321', '::')('[::]:4321')).toBe(false);
    expect(servesHost('http://localhost:4321', '::1')('[::1]:4321')).toBe(true);
  });
});

describe('unsafe requests to another host', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ publicHost: 'https://forkcast.example' });
  });
  afterEach(() => t.cleanup());

  const contact = JSON.stringify({ name: 'Ana', email: 'ana@example.com', subject: 'Hi', message: 'Hello' });

  it('refuses a write from a page that rebound its own name to our address, and writes nothing', async () => {
    // The attacker's page is same-origin with itself, so the browser says so: only the Host differs.
    const response = await t.app.request('http://rebound.example/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://rebound.example', 'sec-fetch-site': 'same-origin' },
      body: contact,
    });
    expect(response.status).toBe(421);
    expect(await response.json()).toEqual({ code: 'wrong_host', message: 'This server does not answer for that host name.' });
    expect(await listContactMessages(t.handle.db)).toEqual([]);
  });

  it('accepts the same write at PUBLIC_HOST and at a loopback name, and still answers reads for any host', async () => {
    const headers = { 'content-type': 'application/json' };
    expect((await t.app.request('https://forkcast.example/api/contact', { method: 'POST', headers, body: contact })).status).toBe(201);
    expect((await t.request('/api/contact', { method: 'POST', headers, body: contact })).status).toBe(201);
    expect((await t.app.request('http://rebound.example/api/health')).status).toBe(200);
  });
});
