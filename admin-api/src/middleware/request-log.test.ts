import { Hono } from 'hono';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { assignRequestId, requestIdOf, requestLines, requestLog } from './request-log.ts';

describe('requestLog', () => {
  it('writes one line per request with its id, method, path without query or secret, status and time', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ redact: ['password', '*.password'] }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = new Hono();
    app.use(assignRequestId);
    app.use(requestLog(requestLines(logger)));
    app.get('/api/newsletter/unsubscribe/:token', (c) => c.text('ok'));
    app.get('/boom', (c) => c.text('no', 503));
    await app.request('/api/newsletter/unsubscribe/s3cret-token?email=a@b.test', { headers: { cookie: 'session=x' } });
    await app.request('/boom', { method: 'GET' });
    expect(
      lines.map(({ time: _time, pid: _pid, hostname: _host, reqId, ms, ...rest }) => ({ ...rest, reqId: typeof reqId, ms: typeof ms })),
    ).toEqual([
      { level: 30, msg: 'request', method: 'GET', path: '/api/newsletter/unsubscribe/:token', status: 200, reqId: 'string', ms: 'number' },
      { level: 50, msg: 'request failed', method: 'GET', path: '/boom', status: 503, reqId: 'string', ms: 'number' },
    ]);
  });

  it('keeps the id a proxy in front gave the request when it is a plain token, and names the others anew', () => {
    expect(requestIdOf('nginx-2f1a=')).toBe('nginx-2f1a=');
    for (const given of [undefined, '', 'a b', 'x'.repeat(256), 'id\nforged line']) {
      expect(requestIdOf(given), String(given)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});
