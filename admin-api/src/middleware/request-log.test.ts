import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLog } from './request-log.ts';

describe('requestLog', () => {
  it('writes one line per request with its id, method, path without query or secret, status and time', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ redact: ['password', '*.password'] }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = new Hono();
    app.use(requestId());
    app.use(requestLog(logger));
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
});
