import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, routeFile, type RunningServer } from '@forkcast/admin-api';
import { getPostBySlug } from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { publishingSite, type PublishingSite } from './support.ts';

const POST = '/osaka/osaka-kushikatsu-night-crawl';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire, not decoded. */
  body: Buffer;
}

/** One request over plain HTTP, without the decoding fetch does, so the encoded bytes can be checked. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving the site folder over the real server', () => {
  let site: PublishingSite;
  let server: RunningServer;
  const uploads = () => join(site.dist.distDir, 'uploads');
  const url = (path: string) => `${server.url}${path}`;
  const onDisk = (route: string) => readFileSync(join(site.dist.siteDir, routeFile(route)));

  beforeAll(async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
    mkdirSync(uploads(), { recursive: true });
    server = await listen(site.app, '127.0.0.1', 0, site.direct);
  });

  afterAll(async () => {
    await server?.close();
    await site?.cleanup();
  });

  it('sends a page as its brotli copy, its gzip copy or as it is, by Accept-Encoding, always with Vary', async () => {
    const page = onDisk(POST);
    const br = await get(url(POST), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body)).toEqual(page);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);

    const gzip = await get(url(POST), { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(page);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);

    const identity = await get(url(POST));
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toEqual(page);
    expect(Number(identity.headers['content-length'])).toBe(page.length);

    for (const response of [br, gzip, identity]) {
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('honours q-values: a coding refused with q=0 is never sent', async () => {
    expect((await get(url('/'), { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get(url('/'), { 'accept-encoding': 'br;q=0, *' })).headers['content-encoding']).toBe('gzip');
    expect((await get(url('/'), { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    expect((await get(url('/'), { 'accept-encoding': '*;q=0.5' })).headers['content-encoding']).toBe('br');
  });

  it('answers a request that still holds the ETag with 304 and no body, per coding', async () => {
    const first = await get(url(POST), { 'accept-encoding': 'br' });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(url(POST), { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(again.headers.vary).toBe('Accept-Encoding');
    expect((await get(url(POST), { 'accept-encoding': 'br', 'if-none-match': `"other", W/${etag}` })).status).toBe(304);

    // The gzip copy is another representation: its own ETag, so the brotli one does not match it.
    const gzip = await get(url(POST), { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(etag);
    expect((await get(url(POST), { 'if-none-match': '"nope"' })).status).toBe(200);
  });

  // The server trusts what it saw of a file for a second: a change made beside the publisher, as
  // here, is served after that.
  const changeSeen = () => new Promise((resolve) => setTimeout(resolve, 1100));

  it('answers If-Modified-Since from Last-Modified, sent only once no later version can share its second', async () => {
    const file = join(site.dist.siteDir, `${routeFile('/osaka/guide')}.br`);
    utimesSync(file, new Date('2026-01-02T03:04:05.678Z'), new Date('2026-01-02T03:04:05.678Z'));
    await changeSeen();
    const first = await get(url('/osaka/guide'), { 'accept-encoding': 'br' });
    expect(first.headers['last-modified']).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    const since = (date: string, extra: Record<string, string> = {}) =>
      get(url('/osaka/guide'), { 'accept-encoding': 'br', 'if-modified-since': date, ...extra });
    expect((await since('Fri, 02 Jan 2026 03:04:05 GMT')).status).toBe(304);
    expect((await since('Fri, 02 Jan 2026 03:04:04 GMT')).status).toBe(200);
    expect((await since('not a date')).status).toBe(200);
    // If-None-Match, when sent, decides alone.
    expect((await since('Fri, 02 Jan 2026 03:04:05 GMT', { 'if-none-match': '"other"' })).status).toBe(200);

    // A file modified in the future (or within the last moments) has no trustworthy second yet.
    const later = new Date(Date.now() + 3_600_000);
    utimesSync(file, later, later);
    await changeSeen();
    const fresh = await get(url('/osaka/guide'), { 'accept-encoding': 'br' });
    expect(fresh.headers['last-modified']).toBeUndefined();
    expect((await since(later.toUTCString())).status).toBe(200);
  });

  it('sends fresh compressed copies, and a new ETag, as soon as an edit through the API answers', async () => {
    const before = await get(url(POST), { 'accept-encoding': 'br' });
    const id = (await getPostBySlug(site.handle.db, 'osaka-kushikatsu-night-crawl'))!.id;
    const response = await site.request(`/api/posts/${id}/blocks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'A freshly served opening.', position: 0, isOriginal: true }),
    });
    expect(response.status).toBe(201);
    const page = onDisk(POST);
    expect(page.toString()).toContain('A freshly served opening.');

    const br = await get(url(POST), { 'accept-encoding': 'br', 'if-none-match': before.headers.etag! });
    expect(br.status).toBe(200);
    expect(br.headers.etag).not.toBe(before.headers.etag);
    expect(brotliDecompressSync(br.body)).toEqual(page);
    expect(gunzipSync((await get(url(POST), { 'accept-encoding': 'gzip' })).body)).toEqual(page);
    expect((await get(url(POST))).body).toEqual(page);
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const head = await get(url(POST), { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(statSync(join(site.dist.siteDir, `${routeFile(POST)}.br`)).size);
    expect(head.headers.etag).toBe((await get(url(POST), { 'accept-encoding': 'br' })).headers.etag);
  });

  it('sets Cache-Control by kind: pages and feeds revalidate, hashed assets and uploads are immutable, public files an hour', async () => {
    const revalidate = 'public, max-age=0, must-revalidate';
    for (const path of ['/', POST, '/osaka/guide', '/rss.xml', '/sitemap.xml', '/itineraries/osaka.csv'])
      expect((await get(url(path))).headers['cache-control'], path).toBe(revalidate);
    const script = readdirSync(join(site.dist.siteDir, '_astro')).find((file) => file.endsWith('.js'))!;
    const asset = await get(url(`/_astro/${script}`), { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.body)).toEqual(readFileSync(join(site.dist.siteDir, '_astro', script)));
    expect((await get(url('/favicon.svg'))).headers['cache-control']).toBe('public, max-age=3600');
    writeFileSync(join(uploads(), 'abc123.jpg'), 'jpeg bytes');
    const upload = await get(url('/uploads/abc123.jpg'), { 'accept-encoding': 'br, gzip' });
    expect(upload.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(upload.headers['content-encoding']).toBeUndefined();
    expect(upload.body.toString()).toBe('jpeg bytes');
  });

  it('never serves hidden or temporary files, from the uploads or the site folder', async () => {
    writeFileSync(join(uploads(), '.5f3a9c.tmp'), 'half-written upload');
    writeFileSync(join(site.dist.siteDir, '.0123456789ab.tmp'), 'half-written page');
    writeFileSync(join(site.dist.siteDir, 'osaka', '.hidden'), 'secret');
    for (const path of ['/uploads/.5f3a9c.tmp', '/.0123456789ab.tmp', '/osaka/.hidden', '/%2E0123456789ab.tmp']) {
      const response = await get(url(path));
      expect(response.status, path).toBe(404);
      expect(response.body.toString(), path).not.toMatch(/half-written|secret/);
    }
  });

  it('sends the not-found page compressed, with status 404', async () => {
    const response = await get(url('/no/such/page'), { 'accept-encoding': 'br' });
    expect(response.status).toBe(404);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.body)).toEqual(onDisk('/404'));
    expect(response.headers.etag).toBeUndefined();
  });

  it('still compresses the API answers as they are made', async () => {
    const response = await get(url('/api/posts?limit=50'), { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.body).toString())).toBeInstanceOf(Object);
  });
});
