import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, listen, loadConfig, type RunningServer } from '@forkcast/admin-api';
import { insertCity, insertPost, replaceRestaurants } from '@forkcast/content-db';
import { renderFixtureSite, type RenderedSite } from './support.ts';

const T = '2025-05-01T10:00:00.000Z';

describe('the real server over a rendered fixture site', () => {
  let site: RenderedSite;
  let server: RunningServer;

  beforeAll(async () => {
    site = await renderFixtureSite(async ({ db }) => {
      const cityId = await insertCity(db, {
        slug: 'testopolis', name: 'Testopolis', country: 'Nowhere', description: 'A city made for tests.',
        heroImage: null, mapEmbedUrl: null, itineraryUrl: null, displayOrder: 1, createdAt: T, updatedAt: T,
      });
      await replaceRestaurants(db, cityId, [{ name: 'Fixture Diner', day: 1, neighborhood: 'Old Town', cuisine: 'Diner', meal: 'lunch', notes: null, address: null, url: null }]);
      const post = { heroImage: null, tags: [], published: true, publishedAt: T, createdAt: T, updatedAt: T };
      await insertPost(db, { ...post, slug: 'testopolis-food-guide', title: 'Eating Well in Testopolis', excerpt: 'The fixture guide.', content: 'First.\n\nSecond.', type: 'guide', cityId });
      await insertPost(db, { ...post, slug: 'testopolis-noodle-night', title: 'Noodle Night', excerpt: 'Slurping after dark.', content: 'Noodles.', type: 'post', cityId });
      await insertPost(db, { ...post, slug: 'secret-draft', title: 'Secret Draft', excerpt: 'Not yet.', content: 'Draft.', type: 'post', cityId: null, published: false, publishedAt: null });
    });
    const config = loadConfig({ PORT: '0', PUBLIC_HOST: 'https://forkcast.test', DATABASE_PATH: site.handle.path });
    server = await listen(createApp({ db: site.handle.db, config, siteDir: site.dist.siteDir }), '127.0.0.1', 0);
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
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<title>Forkcast - Curated City Food Guides for Discerning Travelers</title>');
    expect(html).toContain('href="/testopolis/guide"');
    expect(html).toContain('href="/testopolis/testopolis-noodle-night"');
    expect(html).not.toContain('Secret Draft');
  });

  it('serves a city guide with its itinerary, with or without a trailing slash', async () => {
    for (const path of ['/testopolis/guide', '/testopolis/guide/']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html).toContain('Eating Well in Testopolis');
      expect(html).toContain('Fixture Diner');
    }
  });

  it('serves built assets as immutable', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/_astro\/[\w.-]+\.woff2/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${server.url}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown paths and unpublished posts with the 404 page and status 404', async () => {
    for (const path of ['/no/such/page', '/post/secret-draft', '/testopolis/secret-draft', '/../../etc/passwd']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Page Not Found');
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
