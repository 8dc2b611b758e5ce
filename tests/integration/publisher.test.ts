import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { purgeWebhook, routeFile, type PublishReport } from '@forkcast/admin-api';
import { currentGeneration, getCityBySlug, getPostBySlug, pendingOutbox } from '@forkcast/content-db';
import { parsePublishReport, PUBLISH_HEADER } from '@forkcast/shared/contracts';
import { seed } from '@forkcast/content-db/seed';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { readSitemaps } from './sitemaps.ts';
import { publishingSite, SITE, type PublishingSite } from './support.ts';

const POST = '/osaka/osaka-kushikatsu-night-crawl';
const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

function publishReport(response: Response): { pages: number; ms: number } {
  const report = parsePublishReport(response.headers.get(PUBLISH_HEADER));
  if (!report) throw new Error(`no publish report on the response: ${response.headers.get(PUBLISH_HEADER)}`);
  return report;
}

async function expectSameAsFullBuild(site: PublishingSite): Promise<void> {
  expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);
}

/** A page file and its compressed copies, as treeDifferences lists them. */
const withCopies = (file: string) => [file, `${file}.br`, `${file}.gz`];

describe('the incremental publisher', () => {
  let site: PublishingSite;
  afterEach(() => site?.cleanup());

  const postId = async (slug: string) => (await getPostBySlug(site.handle.db, slug))!.id;

  it('publishes a block edit to exactly that post before the write answers', async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
    const before = readTree(site.dist.siteDir);
    const id = await postId('osaka-kushikatsu-night-crawl');
    const response = await site.request(
      `/api/posts/${id}/blocks`,
      json('POST', { content: 'Freshly **edited** opening.', position: 0, isOriginal: true }),
    );
    expect(response.status).toBe(201);
    expect(publishReport(response).pages).toBe(1);
    expect(site.page(POST)).toContain('Freshly <strong>edited</strong> opening.');
    expect(treeDifferences(before, readTree(site.dist.siteDir))).toEqual(withCopies(routeFile(POST)));
    expect(await pendingOutbox(site.handle.db)).toEqual([]);
    await expectSameAsFullBuild(site);
  });

  it('publishes the homepage hero to the home page only', async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
    const before = readTree(site.dist.siteDir);
    const response = await site.request('/api/hero/update-image', json('POST', { imageUrl: '/images/presets/mountain-trail.jpg' }));
    expect(publishReport(response).pages).toBe(1);
    expect(treeDifferences(before, readTree(site.dist.siteDir))).toEqual(withCopies('index.html'));
    expect(site.page('/')).toContain('/images/presets/mountain-trail-1024.webp');
  });

  it('publishes a post hero to the post and every listing that shows its card, and nothing else', async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
    const before = readTree(site.dist.siteDir);
    const response = await site.request(
      '/api/posts/in-praise-of-the-november-table/hero-image',
      json('PATCH', { heroImage: '/images/posts/tea.jpg' }),
    );
    const changed = treeDifferences(before, readTree(site.dist.siteDir)).filter((file) => !/\.(?:br|gz)$/.test(file));
    // Every page that changed has fresh compressed copies, and nothing else changed.
    expect(treeDifferences(before, readTree(site.dist.siteDir))).toEqual(changed.flatMap(withCopies).sort());
    expect(changed).toEqual(
      expect.arrayContaining([
        'post/in-praise-of-the-november-table/index.html',
        'index.html',
        'posts/index.html',
        'posts/dining/index.html',
      ]),
    );
    expect(changed).not.toContain('about/index.html');
    expect(changed).not.toContain('kyoto/guide/index.html');
    expect(publishReport(response).pages).toBe(changed.length);
    await expectSameAsFullBuild(site);
  });

  it("publishes each image's alt text and replaces it with the next image", async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
    // Astro writes an empty alt as a bare attribute, which HTML reads as alt="".
    const altOf = (route: string, src: string) => {
      const match = new RegExp(`<img src="${src}" alt(?:="([^"]*)")?[ >]`).exec(site.page(route));
      return match ? (match[1] ?? '') : undefined;
    };

    await site.request('/api/hero/update-image', json('POST', { imageUrl: '/images/presets/food-plating.jpg', alt: 'Food Plating' }));
    expect(altOf('/', '/images/presets/food-plating.jpg')).toBe('Food Plating');
    await site.request('/api/hero/update-image', json('POST', { imageUrl: '/images/presets/mountain-trail.jpg' }));
    expect(altOf('/', '/images/presets/mountain-trail.jpg')).toBe('');

    await site.request(
      '/api/posts/osaka-kushikatsu-night-crawl/hero-image',
      json('PATCH', { heroImage: '/images/posts/tea.jpg', alt: 'Skewers & sauce in a steel tray' }),
    );
    expect(altOf(POST, '/images/posts/tea.jpg')).toBe('Skewers &amp; sauce in a steel tray');
    await site.request(
      '/api/posts/osaka-food-guide/hero-image',
      json('PATCH', { heroImage: 'https://images.example/osaka.jpg', alt: 'Neon signs along the Dotonbori canal' }),
    );
    expect(altOf('/osaka/guide', 'https://images.example/osaka.jpg')).toBe('Neon signs along the Dotonbori canal');
    await site.request('/api/posts/osaka-food-guide/hero-image', json('PATCH', { heroImage: '/images/presets/asian-cuisine.jpg' }));
    expect(altOf('/osaka/guide', '/images/presets/asian-cuisine.jpg')).toBe('Kuidaore: The Forkcast Guide to Osaka');

    const id = await postId('osaka-kushikatsu-night-crawl');
    await site.request(
      `/api/posts/${id}/content`,
      json('POST', {
        type: 'image',
        content: '/images/presets/food-plating.jpg',
        alt: 'A chef brushing sauce onto kushikatsu',
        position: 1,
      }),
    );
    expect(altOf(POST, '/images/presets/food-plating.jpg')).toBe('A chef brushing sauce onto kushikatsu');
    await expectSameAsFullBuild(site);
  });

  it('removes an unpublished post everywhere and brings it back when republished', async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
    const file = join(site.dist.siteDir, routeFile(POST));
    expect((await site.request('/api/posts/osaka-kushikatsu-night-crawl/published', json('PATCH', { published: false }))).status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect(site.page('/posts')).not.toContain('osaka-kushikatsu-night-crawl');
    expect(await readSitemaps(site.page)).not.toContain('osaka-kushikatsu-night-crawl');
    await expectSameAsFullBuild(site);
    expect((await site.request('/api/posts/osaka-kushikatsu-night-crawl/published', json('PATCH', { published: true }))).status).toBe(200);
    expect(existsSync(file)).toBe(true);
    await expectSameAsFullBuild(site);
  });

  it('renders a big publish on worker threads beside the server, to the bytes a full build writes', async () => {
    // Every publish counts as big here, so the worker threads share each one with the server.
    site = await publishingSite(({ db }) => seed(db).then(() => undefined), { poolThreshold: 1 });
    const rename = await site.request(
      `/api/cities/${(await getCityBySlug(site.handle.db, 'osaka'))!.id}`,
      json('PATCH', { name: 'Ōsaka' }),
    );
    expect(rename.status).toBe(200);
    expect(site.publisher.lastReport?.rendered).toBeGreaterThan(5);
    expect(site.page(POST)).toContain('Ōsaka');
    await expectSameAsFullBuild(site);
  });

  it('renders the routes a generated guide creates', async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
    const form = new FormData();
    form.append(
      'csvFile',
      new File([readFileSync(join(import.meta.dirname, '../../public/samples/itinerary-sample.csv'))], 'porto.csv', { type: 'text/csv' }),
    );
    form.append('cityName', 'Porto');
    const response = await site.request('/api/admin/generate-guide', { method: 'POST', body: form });
    expect(response.status).toBe(201);
    expect(site.page('/porto/guide')).toContain('Where to Eat in Porto');
    expect(site.page('/itineraries/porto.csv')).toContain('Bakehouse Meridian');
    expect(site.page('/city-guides')).toContain('/porto/guide');
    await expectSameAsFullBuild(site);
  });

  it('serialises concurrent writes so that every one is published and the last one wins', async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
    const id = await postId('osaka-kushikatsu-night-crawl');
    const created = (await (
      await site.request(`/api/posts/${id}/blocks`, json('POST', { content: 'v0', position: 1, isOriginal: true }))
    ).json()) as { id: number };
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        site.request(`/api/posts/${id}/blocks/${created.id}`, json('PUT', { content: `version ${i + 1}` })),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
    const stored = ((await (await site.request(`/api/posts/${id}/blocks`)).json()) as { content: string }[])[0]!.content;
    expect(site.page(POST)).toContain(`<p>${stored}</p>`);
    expect(await pendingOutbox(site.handle.db)).toEqual([]);
    // The folder's generation record names the last publish's generation once its writes are done
    // (the writes queued behind a slow one write only the newest).
    await site.publisher.close();
    expect(JSON.parse(readFileSync(site.dist.generationFile, 'utf8'))).toEqual(await currentGeneration(site.handle.db));
    await expectSameAsFullBuild(site);
  });

  it('reports its state at /api/admin/publish-status, for the admin only', async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
    expect((await site.request('/api/admin/publish-status', { admin: false })).status).toBe(401);
    await site.request('/api/hero/update-image', json('POST', { imageUrl: '/images/presets/food-plating.jpg' }));
    const status = await (await site.request('/api/admin/publish-status')).json();
    expect(status).toMatchObject({
      queueLength: 0,
      failuresLastDay: 0,
      lastFailure: null,
      failingRoutes: [],
      lastPublish: { pagesChanged: 1, urls: ['/'], error: null },
    });
    expect(typeof status.lastPublish.durationMs).toBe('number');
  });
});

describe('the purge webhook', () => {
  let site: PublishingSite | undefined;
  let receiver: ReturnType<typeof createServer> | undefined;
  afterEach(async () => {
    await site?.cleanup();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve) ?? resolve(undefined));
  });

  /** A local receiver; `respond` decides each answer and may hold it. */
  async function listen(respond: (request: IncomingMessage, body: string, response: ServerResponse) => void): Promise<string> {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk)).on('end', () => respond(request, body, response));
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/purge`;
  }

  it('POSTs the changed URLs as JSON and retries until the receiver accepts', async () => {
    const received: string[] = [];
    const url = await listen((_request, body, response) => {
      received.push(body);
      response.writeHead(received.length < 3 ? 503 : 204).end();
    });
    const notify = purgeWebhook({ url, publicHost: SITE.publicHost, logger: pino({ level: 'silent' }), retryDelaysMs: [1, 1, 1] });
    const report: PublishReport = { pagesChanged: 2, rendered: 2, ms: 5, urls: ['/', '/kyoto/guide'], failed: [] };
    expect(await notify(report)).toBe(true);
    expect(received.length).toBe(3);
    expect(JSON.parse(received[2]!)).toMatchObject({ urls: ['https://forkcast.test/', 'https://forkcast.test/kyoto/guide'] });
  });

  it('gives up after its retries and reports failure', async () => {
    let calls = 0;
    const url = await listen((_request, _body, response) => {
      calls++;
      response.writeHead(500).end();
    });
    const notify = purgeWebhook({ url, publicHost: SITE.publicHost, logger: pino({ level: 'silent' }), retryDelaysMs: [1, 1] });
    expect(await notify({ pagesChanged: 1, rendered: 1, ms: 1, urls: ['/'], failed: [] })).toBe(false);
    expect(calls).toBe(3);
  });

  it('never holds up the admin: a write answers while the receiver is still thinking', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const arrived: string[] = [];
    const url = await listen((_request, body, response) => {
      arrived.push(body);
      void held.then(() => response.writeHead(204).end());
    });
    const notify = purgeWebhook({ url, publicHost: SITE.publicHost, logger: pino({ level: 'silent' }) });
    let delivered: Promise<boolean> | undefined;
    site = await publishingSite(({ db }) => seed(db).then(() => undefined), { onPublished: (report) => void (delivered = notify(report)) });
    const response = await site.request('/api/hero/update-image', json('POST', { imageUrl: '/images/presets/asian-cuisine.jpg' }));
    expect(response.status).toBe(200);
    await expect.poll(() => arrived.length).toBe(1);
    expect(JSON.parse(arrived[0]!).urls).toEqual(['https://forkcast.test/']);
    release();
    expect(await delivered).toBe(true);
  });
});
