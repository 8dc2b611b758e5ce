import { existsSync, mkdtempSync, rmSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, distPaths, ensureFullRender, listen, loadConfig, type RunningServer } from '@forkcast/admin-api';
import { insertCity, insertPost, replaceRestaurants } from '@forkcast/content-db';
import { createTempDb, type TempDb } from '@forkcast/content-db/testing';

// The compiled site from `astro build` (make test compiles first). The test renders into its own
// copy so it never touches dist/client.
const BUILT = distPaths(join(import.meta.dirname, '..', '..', 'dist'));
const T = '2025-05-01T10:00:00.000Z';

async function seedFixture({ db }: TempDb): Promise<void> {
  const cityId = await insertCity(db, {
    slug: 'testopolis', name: 'Testopolis', country: 'Nowhere', description: 'A city made for tests.',
    heroImage: null, mapEmbedUrl: null, itineraryUrl: null, displayOrder: 1, createdAt: T, updatedAt: T,
  });
  await replaceRestaurants(db, cityId, [{ name: 'Fixture Diner', day: 1, neighborhood: 'Old Town', cuisine: 'Diner', meal: 'lunch', notes: null, address: null, url: null }]);
  await insertPost(db, {
    slug: 'testopolis-food-guide', title: 'Eating Well in Testopolis', excerpt: 'The fixture guide.',
    content: 'First paragraph.\n\nSecond paragraph.', heroImage: null, type: 'guide', cityId,
    tags: ['testopolis'], published: true, publishedAt: T, createdAt: T, updatedAt: T,
  });
  await insertPost(db, {
    slug: 'testopolis-noodle-night', title: 'Noodle Night', excerpt: 'Slurping after dark.',
    content: 'Noodles.', heroImage: null, type: 'post', cityId, tags: ['noodles'], published: true,
    publishedAt: T, createdAt: T, updatedAt: T,
  });
  await insertPost(db, {
    slug: 'secret-draft', title: 'Secret Draft', excerpt: 'Not yet.', content: 'Draft.', heroImage: null,
    type: 'post', cityId: null, published: false, publishedAt: null, createdAt: T, updatedAt: T,
  });
}

describe('the real server over a rendered fixture site', () => {
  let handle: TempDb;
  let server: RunningServer;
  let workDir: string;

  beforeAll(async () => {
    if (!existsSync(BUILT.serverEntry)) throw new Error('dist/server/entry.mjs is missing: run `make test`, which compiles the site first');
    handle = await createTempDb();
    await seedFixture(handle);
    workDir = mkdtempSync(join(tmpdir(), 'forkcast-site-'));
    const dist = { ...distPaths(workDir), serverDir: BUILT.serverDir, serverEntry: BUILT.serverEntry };
    cpSync(BUILT.siteDir, dist.siteDir, { recursive: true, filter: (source) => !source.endsWith('.html') });
    const config = loadConfig({ PORT: '0', PUBLIC_HOST: 'https://forkcast.test', DATABASE_PATH: handle.path });
    await ensureFullRender({ db: handle.db, dist, site: { siteName: config.siteName, publicHost: config.publicHost } });
    server = await listen(createApp({ db: handle.db, config, siteDir: dist.siteDir }), '127.0.0.1', 0);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.cleanup();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
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
    const html = await response.text();
    expect(html).toContain('<title>Forkcast - Curated City Food Guides for Discerning Travelers</title>');
    expect(html).toContain('<link rel="canonical" href="https://forkcast.test/">');
    expect(html).toContain('href="/testopolis/guide"');
    expect(html).toContain('href="/testopolis/testopolis-noodle-night"');
    expect(html).not.toContain('Secret Draft');
  });

  it('serves a city guide with its itinerary', async () => {
    const html = await (await fetch(`${server.url}/testopolis/guide`)).text();
    expect(html).toContain('Eating Well in Testopolis');
    expect(html).toContain('Fixture Diner');
    expect(html).toContain('<link rel="canonical" href="https://forkcast.test/testopolis/guide">');
  });

  it('answers unknown paths and unpublished posts with the 404 page and status 404', async () => {
    for (const path of ['/no/such/page', '/post/secret-draft']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Page Not Found');
    }
  });

  it('answers unknown API paths with JSON', async () => {
    const response = await fetch(`${server.url}/api/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No such API endpoint.', code: 'not_found' });
  });
});
