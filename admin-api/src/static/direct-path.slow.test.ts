import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../server.ts';
import { createTestApp, type TestApp } from '../testing.ts';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request over a fresh connection, with the bytes exactly as sent (no decoding). */
function get(port: number, path: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

// Headers that differ between any two answers: the clock, and a new id for each request.
function comparable({ date: _date, 'x-request-id': _id, ...headers }: IncomingHttpHeaders): IncomingHttpHeaders {
  return headers;
}

const PAGE = `<!doctype html><title>Kyoto</title>${'<p>Matcha and tofu by the river.</p>'.repeat(40)}`;
const LONG_AGO = new Date('2026-01-02T03:04:05Z');

describe('the direct path for site files', () => {
  let t: TestApp;
  let viaApp: RunningServer;
  let direct: RunningServer;
  let answeredDirectly = 0;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logger: pino({}, { write: (line: string) => void lines.push(JSON.parse(line)) }) });
    mkdirSync(join(t.siteDir, 'kyoto', 'guide'), { recursive: true });
    mkdirSync(join(t.siteDir, '_astro'), { recursive: true });
    mkdirSync(join(t.siteDir, 'sitemaps'), { recursive: true });
    const write = (file: string, text: string, compressed = true) => {
      writeFileSync(join(t.siteDir, file), text);
      if (compressed) {
        writeFileSync(join(t.siteDir, `${file}.br`), brotliCompressSync(text));
        writeFileSync(join(t.siteDir, `${file}.gz`), gzipSync(text));
      }
    };
    write('index.html', '<!doctype html><title>Forkcast</title><h1>Home</h1>');
    write('kyoto/guide/index.html', PAGE);
    write('rss.xml', '<?xml version="1.0"?><rss version="2.0"></rss>');
    write('_astro/app.1a2b.js', 'console.log(1)');
    write('robots.txt', 'User-agent: *\n', false);
    // Larger than the server reads whole: the app streams it.
    write('sitemaps/big.xml', `<?xml version="1.0"?><urlset>${'<url><loc>x</loc></url>'.repeat(20_000)}</urlset>`, false);
    for (const file of ['kyoto/guide/index.html', 'kyoto/guide/index.html.br']) utimesSync(join(t.siteDir, file), LONG_AGO, LONG_AGO);
    viaApp = await listen(t.app, '127.0.0.1', 0);
    direct = await listen(t.app, '127.0.0.1', 0, (request, response) => {
      const answered = t.direct(request, response);
      if (answered) answeredDirectly += 1;
      return answered;
    });
  });
  afterAll(async () => {
    await direct.close(0);
    await viaApp.close(0);
    await t.cleanup();
  });

  const br = { 'accept-encoding': 'gzip, deflate, br' };
  const cases: { path: string; method?: string; headers?: Record<string, string>; direct: boolean }[] = [
    { path: '/', headers: br, direct: true },
    { path: '/kyoto/guide', headers: br, direct: true },
    { path: '/kyoto/guide', headers: { 'accept-encoding': 'br;q=0, gzip' }, direct: true },
    { path: '/kyoto/guide?utm_source=letter', direct: true },
    { path: '/kyoto/guide', headers: { 'accept-encoding': '*' }, direct: true },
    { path: '/kyoto/guide', method: 'HEAD', headers: br, direct: true },
    { path: '/kyoto/guide', headers: { ...br, 'if-modified-since': 'Sat, 03 Jan 2026 00:00:00 GMT' }, direct: true },
    { path: '/kyoto/guide', headers: { 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' }, direct: true },
    // The other spellings of a page's URL are the app's to redirect.
    { path: '/kyoto/guide/', headers: br, direct: false },
    { path: '/kyoto/guide/index.html?utm_source=letter', direct: false },
    { path: '/index.html', method: 'HEAD', direct: false },
    { path: '/rss.xml', headers: br, direct: true },
    { path: '/_astro/app.1a2b.js', headers: { 'accept-encoding': 'gzip' }, direct: true },
    { path: '/robots.txt', headers: br, direct: true },
    { path: '/', headers: { ...br, 'x-request-id': 'from-the-proxy-1' }, direct: true },
    { path: '/sitemaps/big.xml', direct: false },
    { path: '/sitemaps/big.xml', method: 'HEAD', direct: true },
    { path: '/no-such-page', headers: br, direct: false },
    { path: '/kyoto%2Fguide', direct: false },
    { path: '/kyoto/./guide', direct: false },
    { path: '/.hidden', direct: false },
    { path: '/api/health', direct: false },
    { path: '/search?q=tofu', direct: false },
    { path: '/uploads/nothing.webp', direct: false },
    { path: '/', method: 'POST', direct: false },
  ];

  it('answers each request exactly as the app does, and takes only the site files it can send whole', async () => {
    for (const { path, method = 'GET', headers = {}, direct: expected } of cases) {
      const label = `${method} ${path} ${JSON.stringify(headers)}`;
      const before = answeredDirectly;
      const ours = await get(direct.port, path, method, headers);
      const app = await get(viaApp.port, path, method, headers);
      expect(answeredDirectly - before, label).toBe(expected ? 1 : 0);
      expect(ours.status, label).toBe(app.status);
      expect(comparable(ours.headers), label).toEqual(comparable(app.headers));
      expect(ours.body.equals(app.body), label).toBe(true);
      expect(ours.headers['x-request-id'], label).toMatch(/\S/);
    }
  });

  it('sends the compressed copy, the validators and a 304 for the same ETag', async () => {
    const page = await get(direct.port, '/kyoto/guide', 'GET', br);
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toBe('Accept-Encoding');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'$/);
    expect(page.headers['last-modified']).toBe(LONG_AGO.toUTCString());
    const again = await get(direct.port, '/kyoto/guide', 'GET', { ...br, 'if-none-match': page.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const echoed = await get(direct.port, '/', 'GET', { 'x-request-id': 'from-the-proxy-2' });
    expect(echoed.headers['x-request-id']).toBe('from-the-proxy-2');
  });

  it('logs each request it answers as the app logs its own', async () => {
    lines.length = 0;
    await get(direct.port, '/kyoto/guide?secret=1', 'GET', { 'x-request-id': 'logged-1' });
    await get(viaApp.port, '/kyoto/guide?secret=1', 'GET', { 'x-request-id': 'logged-2' });
    const requests = lines.filter((line) => line.msg === 'request').map(({ time: _time, ms, ...rest }) => ({ ...rest, ms: typeof ms }));
    expect(requests).toEqual([
      expect.objectContaining({ reqId: 'logged-1', method: 'GET', path: '/kyoto/guide', status: 200, ms: 'number', level: 30 }),
      expect.objectContaining({ reqId: 'logged-2', method: 'GET', path: '/kyoto/guide', status: 200, ms: 'number', level: 30 }),
    ]);
    expect(Object.keys(requests[0]!).sort()).toEqual(Object.keys(requests[1]!).sort());
  });
});
