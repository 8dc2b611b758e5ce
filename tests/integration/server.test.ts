import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, listen, loadConfig, loadRenderer, type RunningServer } from '@forkcast/admin-api';
import { insertCity, insertPost, replaceRestaurants } from '@forkcast/content-db';
import { BUILT, renderFixtureSite, SITE, type RenderedSite } from './support.ts';

const T = '2025-05-01T10:00:00.000Z';

describe('the real server over a rendered fixture site', () => {
  let site: RenderedSite;
  let server: RunningServer;

  beforeAll(async () => {
    site = await renderFixtureSite(async ({ db }) => {
      const cityId = await insertCity(db, {
        slug: 'testopolis',
        name: 'Testopolis',
        country: 'Nowhere',
        description: 'A city made for tests.',
        heroImage: null,
        mapEmbedUrl: null,
        itineraryUrl: null,
        displayOrder: 1,
        createdAt: T,
        updatedAt: T,
      });
      await replaceRestaurants(db, cityId, [
        { name: 'Fixture Diner', day: 1, neighborhood: 'Old Town', cuisine: 'Diner', meal: 'lunch', notes: null, address: null, url: null },
      ]);
      const post = { heroImage: null, tags: [], published: true, publishedAt: T, createdAt: T, updatedAt: T };
      await insertPost(db, {
        ...post,
        slug: 'testopolis-food-guide',
        title: 'Eating Well in Testopolis',
        excerpt: 'The fixture guide.',
        content: 'First.\n\nSecond.',
        type: 'guide',
        cityId,
      });
      await insertPost(db, {
        ...post,
        slug: 'testopolis-noodle-night',
        title: 'Noodle Night',
        excerpt: 'Slurping after dark.',
        content: 'Noodles.',
        type: 'post',
        cityId,
      });
      await insertPost(db, {
        ...post,
        slug: 'solo-supper',
        title: 'Solo Supper',
        excerpt: 'A table for one, anywhere.',
        content: 'Alone.',
        type: 'post',
        cityId: null,
      });
      await insertPost(db, {
        ...post,
        slug: 'secret-draft',
        title: 'Secret Draft',
        excerpt: 'Not yet.',
        content: 'Draft.',
        type: 'post',
        cityId: null,
        published: false,
        publishedAt: null,
      });
    });
    const config = loadConfig({ PORT: '0', PUBLIC_HOST: 'https://forkcast.test', DATABASE_PATH: site.handle.path });
    // The sign-in page is rendered per request, so the app gets the page renderer as `make start` wires it.
    const pages = await loadRenderer(BUILT.serverEntry, site.handle.db, SITE);
    server = await listen(createApp({ db: site.handle.db, config, siteDir: site.dist.siteDir, pages }), '127.0.0.1', 0);
  });

  afterAll(async () => {
    await server?.close();
    await site?.cleanup();
  });

  it('reports healthy', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('serves the home page rendered from SQLite', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const html = await response.text();
    expect(html).toContain('<title>Forkcast - Curated City Food Guides for Discerning Travelers</title>');
    expect(html).toContain('href="/testopolis/guide"');
    expect(html).toContain('href="/testopolis/testopolis-noodle-night"');
    expect(html).not.toContain('Secret Draft');
  });

  it('serves a city guide with its itinerary at its one URL, and 301s a trailing slash or index.html to it', async () => {
    const html = await (await fetch(`${server.url}/testopolis/guide`)).text();
    expect(html).toContain('Eating Well in Testopolis');
    expect(html).toContain('Fixture Diner');
    for (const path of ['/testopolis/guide/', '/testopolis/guide/index.html']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location'), path).toBe('/testopolis/guide');
    }
  });

  it('serves built assets as immutable: the stylesheet a page links, and the fonts it names', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const stylesheet = /<link rel="stylesheet" href="(\/_astro\/[\w.-]+\.css)">/.exec(html)?.[1];
    expect(stylesheet).toBeDefined();
    const css = await fetch(`${server.url}${stylesheet}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const font = /\/_astro\/[\w.-]+\.woff2/.exec(await css.text())?.[0];
    expect(font).toBeDefined();
    const response = await fetch(`${server.url}${font}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers each missing URL with status 404 and the not-found page for its shape, uncanonical and noindex', async () => {
    const cases: [string, string][] = [
      ['/no/such/page', 'Page Not Found'],
      ['/nowhere', 'Page Not Found'],
      // Clients resolve this to /etc/passwd, which has the shape of a post URL: still only a 404.
      ['/../../etc/passwd', 'Post Not Found'],
      ['/posts/no-such-listing', 'Page Not Found'],
      ['/post/no-such-post', 'Post Not Found'],
      ['/testopolis/no-such-post', 'Post Not Found'],
      ['/post/secret-draft', 'Post Not Found'],
      ['/testopolis/secret-draft', 'Post Not Found'],
      ['/nowhere/guide', 'City Guide Not Found'],
    ];
    for (const [path, heading] of cases) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(404);
      const page = new JSDOM(await response.text()).window.document;
      expect(page.querySelector('h1')?.textContent, path).toBe(heading);
      expect(page.title, path).toBe(`${heading} | Forkcast`);
      expect(page.querySelector('link[rel=canonical]'), path).toBeNull();
      expect(page.querySelector('meta[property="og:url"]'), path).toBeNull();
      expect(page.querySelector('meta[name=robots]')?.getAttribute('content'), path).toBe('noindex');
    }
  });

  it("answers a post's other URLs with a 301 to its one canonical URL, keeping the query string", async () => {
    const cases: [string, string][] = [
      ['/post/testopolis-noodle-night', '/testopolis/testopolis-noodle-night'],
      ['/post/testopolis-noodle-night?utm_source=letter&page=2', '/testopolis/testopolis-noodle-night?utm_source=letter&page=2'],
      // Another spelling of a URL that has moved leads straight on, in one hop.
      ['/post/testopolis-noodle-night/', '/testopolis/testopolis-noodle-night'],
      ['/testopolis/testopolis-noodle-night/', '/testopolis/testopolis-noodle-night'],
      ['/kyoto/testopolis-noodle-night', '/testopolis/testopolis-noodle-night'],
      ['/post/testopolis-food-guide', '/testopolis/guide'],
      ['/testopolis/testopolis-food-guide?from=card', '/testopolis/guide?from=card'],
      ['/testopolis/solo-supper', '/post/solo-supper'],
    ];
    for (const [path, location] of cases) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location'), path).toBe(location);
      // Kept by shared caches only when no reader's query string is in it (a CDN may key pages without one).
      expect(response.headers.get('cache-control'), path).toBe(path.includes('?') ? 'private, max-age=3600' : 'public, max-age=3600');
    }
    for (const path of ['/testopolis/testopolis-noodle-night', '/post/solo-supper']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(200);
      const canonical = new JSDOM(await response.text()).window.document.querySelector('link[rel=canonical]')?.getAttribute('href');
      expect(canonical, path).toBe(`https://forkcast.test${path}`);
    }
  });

  it('never redirects to another host, whatever the path or query', async () => {
    for (const path of [
      '//evil.example/x',
      '/post/%2F%2Fevil.example',
      '/%5Cevil.example/testopolis-noodle-night',
      '/post/testopolis-noodle-night?//evil.example',
      '/post/testopolis-noodle-night?@evil.example',
    ]) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (location !== null) expect(new URL(location, server.url).origin, path).toBe(new URL(server.url).origin);
      if (response.status === 301) expect(location, path).toMatch(/^\/testopolis\/testopolis-noodle-night(?:\?|$)/);
    }
  });

  it('serves the rendered sign-in page and shows a failed sign-in on it', async () => {
    const page = await fetch(`${server.url}/api/login?next=/testopolis/guide`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Sign In | Forkcast</title>');
    expect(html).toMatch(/value="\/testopolis\/guide" data-login-next/);
    const failed = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'nobody@forkcast.test', password: 'not the password', next: '/testopolis/guide' }),
    });
    expect(failed.status).toBe(401);
    expect(await failed.text()).toMatch(/data-login-message[^>]*>The email or password is incorrect\.<\/p>/);
  });

  it('answers unknown API paths with JSON', async () => {
    const response = await fetch(`${server.url}/api/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No such API endpoint.', code: 'not_found' });
  });
});
