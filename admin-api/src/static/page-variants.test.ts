import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';

describe('one URL per page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (const file of ['index.html', 'about/index.html', 'london/guide/index.html', 'rss.xml', '_astro/app.1a2b.js', '404.html']) {
      mkdirSync(join(t.siteDir, file, '..'), { recursive: true });
      writeFileSync(join(t.siteDir, file), `<!doctype html><title>${file}</title>`);
    }
  });
  afterAll(() => t.cleanup());

  it('answers a trailing slash or index.html 301 to the bare path, keeping the query string', async () => {
    for (const [path, location] of [
      ['/about/', '/about'],
      ['/about/index.html', '/about'],
      ['/london/guide/index.html', '/london/guide'],
      ['/london/guide/?utm_source=letter&x=1', '/london/guide?utm_source=letter&x=1'],
      ['/london/guide/index.html?ref=a', '/london/guide?ref=a'],
      ['/index.html', '/'],
      ['/index.html?ref=a', '/?ref=a'],
      ['/rss.xml/', '/rss.xml'],
      ['/_astro/app.1a2b.js/', '/_astro/app.1a2b.js'],
      ['/no-such-page/', '/no-such-page'],
      ['/search/?q=tofu', '/search?q=tofu'],
      ['/uploads/', '/uploads'],
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const response = await t.request(path!, { method });
        expect(response.status, `${method} ${path}`).toBe(301);
        expect(response.headers.get('location'), `${method} ${path}`).toBe(location);
        // A CDN whose cache key leaves out the query string must not keep one reader's query for the next.
        expect(response.headers.get('cache-control'), `${method} ${path}`).toBe(
          path!.includes('?') ? 'private, max-age=3600' : 'public, max-age=3600',
        );
        expect(response.headers.get('content-security-policy'), `${method} ${path}`).toMatch(/frame-ancestors 'none'/);
      }
    }
  });

  it('serves the bare paths, the home page and files as they are', async () => {
    for (const path of ['/', '/?ref=a', '/about', '/london/guide', '/rss.xml', '/_astro/app.1a2b.js']) {
      const response = await t.request(path);
      expect(response.status, path).toBe(200);
    }
  });

  it('leaves the API, other methods and paths it cannot vouch for alone', async () => {
    expect((await t.request('/api/health/')).status).toBe(404);
    expect((await t.request('/about/', { method: 'POST' })).status).not.toBe(301);
    for (const path of ['//about/', '/about//', '/.about/']) {
      const response = await t.request(path);
      expect(response.status, path).toBe(404);
    }
  });
});
