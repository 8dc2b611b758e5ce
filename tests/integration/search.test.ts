import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFullRender } from '@forkcast/admin-api';
import { clearSearchIndex, insertPost, searchSite } from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { publishingSite, SITE, type PublishingSite } from './support.ts';

const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the /search page, answered by the server for each request', () => {
  let site: PublishingSite;
  beforeAll(async () => {
    site = await publishingSite((handle) => seed(handle.db).then(() => undefined));
  });
  afterAll(() => site?.cleanup());

  const page = async (search: string) => {
    const response = await site.request(`/search${search}`, { admin: false });
    return { response, html: await response.text() };
  };

  it('renders the results in the site layout, with the words marked, kept out of search engines and caches', async () => {
    const { response, html } = await page('?q=ichijoji');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(`<link rel="canonical" href="${SITE.publicHost}/search">`);
    expect(html).toMatch(/<title>Search: ichijoji \| Forkcast<\/title>|<title>Search: ichijoji/);
    expect(html).toContain('<mark>Ichijōji</mark>');
    expect(html).toContain('href="/kyoto/kyoto-ichijoji-ramen-street"');
    expect(html).toContain('class="site-header"');
  });

  it("finds About, Terms and Privacy by their text, with the site's name where the page says {site}", async () => {
    const { html } = await page('?q=relentlessly&type=page');
    expect(html).toContain('href="/about"');
    const terms = await page('?q=ground+rules&type=page');
    expect(terms.html).toContain('href="/terms"');
    expect(terms.html).toMatch(/reading Forkcast, the food-travel publication/);
    expect(terms.html).not.toContain('{site}');
  });

  it('shows the empty form, a refusal (400) and no results, and escapes what the reader typed', async () => {
    expect((await page('')).html).toContain('Find a guide, a restaurant or a post');
    const refused = await page(`?q=${'a'.repeat(201)}`);
    expect(refused.response.status).toBe(400);
    expect(refused.html).toContain('A search can be at most 200 characters.');
    expect((await page('?q=ramen&page=0')).response.status).toBe(400);
    expect((await page('?q=ramen&type=menu')).response.status).toBe(400);
    const none = await page('?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(none.response.status).toBe(200);
    expect(none.html).toContain('No results');
    // Inside a quoted attribute (the search box, the share title) '<' is plain text; elsewhere it is escaped.
    expect(none.html.replace(/="[^"]*"/g, '')).not.toContain('<script>alert(1)');
    expect(none.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('filters and pages like the dialog', async () => {
    const { html } = await page('?q=noodles&type=restaurant');
    expect(html.match(/class="search-hit"/g)?.length).toBeGreaterThan(0);
    expect(html).not.toMatch(/search-hit__type">(City guide|Dining post)</);
    const two = await page('?q=the&page=2');
    expect(two.response.status).toBe(200);
    expect(two.html).toContain('Page 2 of');
    expect(two.html).toContain('rel="prev"');
  });

  it('is never written into the site folder, and finds a post the moment the write publishing it answers', async () => {
    expect(existsSync(join(site.dist.siteDir, 'search', 'index.html'))).toBe(false);
    const created = await site.request(
      '/api/posts',
      json('POST', { title: 'Persimmon season', content: 'Hoshigaki hang in rows.', status: 'published' }),
    );
    expect(created.status).toBe(201);
    expect((await page('?q=hoshigaki')).html).toContain('href="/post/persimmon-season"');
    expect(existsSync(join(site.dist.siteDir, 'search', 'index.html'))).toBe(false);
  });

  it('is built by a full build, even for content written around the write path', async () => {
    const db = site.handle.db;
    await insertPost(db, {
      slug: 'written-directly',
      title: 'Quorfle paste',
      type: 'post',
      cityId: null,
      published: true,
      publishedAt: '2025-01-01T00:00:00.000Z',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    });
    expect((await searchSite(db, { query: 'quorfle', limit: 5, offset: 0 })).total).toBe(0);
    await ensureFullRender({ db, dist: site.dist, site: SITE, force: true });
    expect((await searchSite(db, { query: 'quorfle', limit: 5, offset: 0 })).hits.map((hit) => hit.url)).toEqual([
      '/post/written-directly',
    ]);
  });

  it('is built at start when missing, though the site folder needs no render', async () => {
    const db = site.handle.db;
    await clearSearchIndex(db);
    expect((await searchSite(db, { query: 'quorfle', limit: 5, offset: 0 })).total).toBe(0);
    expect(await ensureFullRender({ db, dist: site.dist, site: SITE })).toBeUndefined();
    expect((await searchSite(db, { query: 'quorfle', limit: 5, offset: 0 })).hits.map((hit) => hit.url)).toEqual([
      '/post/written-directly',
    ]);
  });
});
