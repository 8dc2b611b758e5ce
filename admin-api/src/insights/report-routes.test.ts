import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '@forkcast/content-db';
import { insertTestPost } from '@forkcast/content-db/testing';
import { createTestApp, type TestApp } from '../testing.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/insights', () => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.signInAs('editor');
    await insertTestPost(t.handle.db, 'ramen-at-dawn', { title: 'Ramen at dawn' });
    await rebuildSearchIndex(t.handle.db, new Date().toISOString());
    const view = (p: string, ip: string, r = '') =>
      t.request('/api/collect', { method: 'POST', body: new URLSearchParams({ p, r }), headers: { 'user-agent': CHROME }, ip });
    await view('/', '203.0.113.7');
    await view('/kyoto/guide', '203.0.113.7', 'https://news.example/today');
    await view('/kyoto/guide', '198.51.100.2');
    for (const q of ['ramen', 'zzzz nothing'])
      await t.request(`/api/search?q=${encodeURIComponent(q)}`, { headers: { 'user-agent': CHROME } });
  });
  afterAll(() => t.cleanup());

  const report = async (query = '', cookie = editor) => t.request(`/api/insights${query}`, { cookie });

  it('answers the last 30 days by default, current to the second: totals, pages, referrers and searches that found nothing', async () => {
    const response = await report();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = (await response.json()) as Record<string, unknown> & { days: unknown[]; hours: unknown[] };
    expect(body).toMatchObject({
      to: today(),
      path: null,
      pageviews: 3,
      visitors: 2,
      pages: [
        { path: '/kyoto/guide', pageviews: 2, visitors: 2 },
        { path: '/', pageviews: 1, visitors: 1 },
      ],
      referrers: [
        { host: '', pageviews: 2 },
        { host: 'news.example', pageviews: 1 },
      ],
      zeroResultSearches: [{ query: 'zzzz nothing', searches: 1 }],
      newsletter: { signups: 0, confirmationRate: null, unsubscribes: 0, sends: [] },
    });
    expect(body.days).toHaveLength(30);
    expect(body.hours).toEqual([]);
    expect((body.searches as { query: string }[]).map((search) => search.query)).toEqual(['ramen', 'zzzz nothing']);
  });

  it("gives one page's figures, by hour for a short period", async () => {
    const body = (await (await report(`?from=${today()}&to=${today()}&path=/kyoto/guide`)).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ path: '/kyoto/guide', pageviews: 2, visitors: 2, newsletter: null, searches: [] });
    const site = (await (await report(`?from=${today()}&to=${today()}`)).json()) as { hours: { pageviews: number }[] };
    expect(site.hours).toHaveLength(24);
    expect(site.hours.reduce((sum, hour) => sum + hour.pageviews, 0)).toBe(3);
  });

  it('exports every page of every day as CSV', async () => {
    const response = await t.request(`/api/insights.csv?from=${today()}&to=${today()}`, { cookie: editor });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="forkcast-insights-${today()}-to-${today()}.csv"`);
    expect(await response.text()).toBe(`day,path,pageviews,visitors\r\n${today()},/kyoto/guide,2,2\r\n${today()},/,1,1\r\n`);
  });

  it('refuses a period that is not one with a 400, and keeps the figures to editors and above', async () => {
    for (const [query, message] of [
      ['?from=2026-11-10&to=2026-11-01', 'from comes after to.'],
      ['?from=2026-02-30', 'from is not a day of the calendar.'],
      ['?to=yesterday', 'to is a day, written YYYY-MM-DD.'],
      ['?from=2020-01-01&to=2026-01-01', 'A report covers at most 366 days.'],
      ['?path=//evil', 'The path starts with a single /.'],
    ]) {
      const response = await report(query!);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { message: string }).message, query).toContain(message);
    }
    expect((await report('', await t.signInAs('author'))).status).toBe(403);
    expect((await t.request('/api/insights.csv', { cookie: await t.signInAs('author') })).status).toBe(403);
  });

  it("gives each post's views over the last 30 days, by day, for the admin's lists", async () => {
    const { id } = await t.handle.db.selectFrom('posts').select('id').where('slug', '=', 'ramen-at-dawn').executeTakeFirstOrThrow();
    await t.request('/api/collect', {
      method: 'POST',
      body: new URLSearchParams({ p: '/post/ramen-at-dawn', r: '' }),
      headers: { 'user-agent': CHROME },
      ip: '192.0.2.44',
    });
    const response = await t.request(`/api/insights/posts?ids=${id},999999`, { cookie: editor });
    expect(response.status).toBe(200);
    const [views, ...more] = (await response.json()) as { id: number; path: string; pageviews: number; visitors: number; days: number[] }[];
    expect(more).toEqual([]);
    expect(views).toMatchObject({ id, path: '/post/ramen-at-dawn', pageviews: 1, visitors: 1 });
    expect(views!.days).toEqual([...Array(29).fill(0), 1]);
    const refused = await t.request(`/api/insights/posts?ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`, { cookie: editor });
    expect(((await refused.json()) as { message: string }).message).toBe('Ask for at most 50 posts at once.');
  });
});
