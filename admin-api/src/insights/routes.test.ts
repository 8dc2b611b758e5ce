import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
import { collectorOf } from './routes.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('/api/collect', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  const beacon = (body: Record<string, string>, headers: Record<string, string> = {}, ip?: string) =>
    t.request('/api/collect', {
      method: 'POST',
      body: new URLSearchParams(body),
      headers: { 'user-agent': CHROME, ...headers },
      ...(ip ? { ip } : {}),
    });
  const hits = async () => {
    await collectorOf(t.handle.db).flush();
    return t.handle.db.selectFrom('insightHits').selectAll().orderBy('id').execute();
  };

  it('counts a view with no cookie, stores no address or user agent, and one visitor stays one hash', async () => {
    const first = await beacon({ p: '/guides/kyoto/?utm_source=Newsletter', r: 'https://www.example.org/list' });
    expect(first.status).toBe(204);
    expect(first.headers.get('set-cookie')).toBeNull();
    await beacon({ p: '/', r: '' });
    await beacon({ p: '/' }, { 'user-agent': IPHONE }, '198.51.100.9');
    const rows = await hits();
    expect(rows.map(({ path, referrerHost, device, browser, utmSource }) => ({ path, referrerHost, device, browser, utmSource }))).toEqual([
      { path: '/guides/kyoto/', referrerHost: 'example.org', device: 'desktop', browser: 'Chrome', utmSource: 'newsletter' },
      { path: '/', referrerHost: '', device: 'desktop', browser: 'Chrome', utmSource: '' },
      { path: '/', referrerHost: '', device: 'mobile', browser: 'Safari', utmSource: '' },
    ]);
    expect(rows[0]!.visitor).toBe(rows[1]!.visitor);
    expect(rows[2]!.visitor).not.toBe(rows[0]!.visitor);
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113\.7|Mozilla/);
  });

  it('does not count a bot, Sec-GPC: 1, DNT: 1, or a path that is not ours, and still answers 204', async () => {
    for (const [body, headers] of [
      [{ p: '/' }, { 'user-agent': GOOGLEBOT }],
      [{ p: '/' }, { 'sec-gpc': '1' }],
      [{ p: '/' }, { dnt: '1' }],
      [{ p: 'https://elsewhere.example/' }, {}],
      [{ p: '/admin/insights' }, {}],
    ] as const) {
      expect((await beacon(body, headers)).status).toBe(204);
    }
    expect(await hits()).toEqual([]);
  });

  it('refuses a beacon without a path (400) or not sent as a form (415), and counts nothing', async () => {
    const response = await beacon({ r: 'https://example.org/' });
    expect(response.status).toBe(400);
    const json = await t.request('/api/collect', {
      method: 'POST',
      body: JSON.stringify({ p: '/' }),
      headers: { 'user-agent': CHROME, 'content-type': 'application/json' },
    });
    expect(json.status).toBe(415);
    expect(await hits()).toEqual([]);
  });

  it('counts a reader without JavaScript through the noscript image', async () => {
    const pixel = await t.request('/api/collect?p=%2Fsearch%2F', { headers: { 'user-agent': CHROME } });
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    expect(pixel.headers.get('set-cookie')).toBeNull();
    expect((await hits()).map((row) => row.path)).toEqual(['/search/']);
  });

  it('takes a beacon from a page served on another origin (a CDN or bucket)', async () => {
    const response = await beacon({ p: '/' }, { origin: 'https://cdn.example', 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(204);
    expect(await hits()).toHaveLength(1);
  });
});
