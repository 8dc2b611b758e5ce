import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listContactMessages } from '@forkcast/content-db';
import { listen, type RunningServer } from './server.ts';
import { createTestApp, type TestApp } from './testing.ts';

/** Sends raw bytes on a new connection and resolves with everything the server sent before closing it. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('connections: more than HTTP on one, and idle ones kept open', () => {
  let t: TestApp;
  let server: RunningServer;
  beforeEach(async () => {
    t = await createTestApp();
    server = await listen(t.app, '127.0.0.1', 0);
  });
  afterEach(async () => {
    await server.close();
    await t.cleanup();
  });

  it('answers the request read before bytes that are not HTTP, rather than a 400 for a write it made', async () => {
    const body = JSON.stringify({ name: 'Ana', email: 'ana@example.com', subject: 'Hi', message: 'Hello' });
    // The kind Node's own client sends for a DELETE with a body: no length, so the body is stray bytes.
    const request = `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}{"stray":`;
    const answer = await exchange(server.port, request);
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(await listContactMessages(t.handle.db)).toHaveLength(1);
  });

  it('still answers bytes that are not HTTP at all with 400, and oversized headers with 431', async () => {
    expect(await exchange(server.port, 'HELLO\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(await exchange(server.port, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/,
    );
  });

  // A proxy or client that reuses a connection it thinks is open must not find it closed under it
  // (an ECONNRESET to the client, a 502 from a proxy): the server keeps an idle connection open
  // longer than the usual proxy's idle timeout, which is at most 60 seconds.
  it('keeps an idle connection open past the proxies’ own idle timeouts, and says so', async () => {
    const socket = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await expect.poll(() => received, { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toMatch(/\r\nKeep-Alive: timeout=(\d+)\r\n/i);
    expect(Number(/\r\nKeep-Alive: timeout=(\d+)/i.exec(received)![1])).toBeGreaterThan(60);
    socket.destroy();
  });
});
