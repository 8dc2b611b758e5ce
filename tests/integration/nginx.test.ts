import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BROTLI_STATIC_MODULE, EXAMPLE_SITE, nginxSiteConfig, nginxStandaloneConfig } from '../../deploy/nginx.ts';
import { deploymentEnv, signIn, startServer, type ServerProcess } from './server-process.ts';
import { workDirWithBuild } from './startup-support.ts';

// Debian's nginx in front of the real server, with the deploy config (deploy/nginx.ts) on loopback:
// nginx serves the site folder and the uploads itself, exactly as the server would, and passes
// /api and the URLs no file answers to it, with the client's address.
const NGINX = '/usr/sbin/nginx';
const POST = '/osaka/osaka-kushikatsu-night-crawl';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, before any decoding. */
  raw: Buffer;
  /** The bytes after undoing the Content-Encoding. */
  body: Buffer;
}

interface Ask {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client's own address, one of 127.0.0.0/8, so each can be a different client. */
  from?: string;
}

function ask(url: string, { method = 'GET', headers = {}, body, from }: Ask = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, ...(from ? { localAddress: from } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        // A HEAD answer, or a 304, names its coding but has no body.
        const decoded = raw.length === 0 ? raw : coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode!, headers: res.headers, raw, body: decoded });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// What both servers must agree on for a file; dates, validators and request ids differ by nature.
const COMPARED = [
  'content-type',
  'content-encoding',
  'cache-control',
  'vary',
  'location',
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
];
const headersOf = (answer: Answer) => Object.fromEntries(COMPARED.map((name) => [name, answer.headers[name]]));

describe('deploy/nginx.conf', () => {
  it('is the config `make nginx-config` writes for the example host', () => {
    expect(readFileSync(join(import.meta.dirname, '..', '..', 'deploy', 'nginx.conf'), 'utf8')).toBe(nginxSiteConfig(EXAMPLE_SITE));
  });
});

describe('nginx in front of the server, with the deploy config', () => {
  const work = workDirWithBuild();
  const prefix = mkdtempSync(join(tmpdir(), 'forkcast-nginx-'));
  const brotli = existsSync(BROTLI_STATIC_MODULE);
  let server: ServerProcess;
  let nginx: ChildProcess;
  let front: string;
  it("answers an editor's redirect through the server, a 302 to another site with its own cache rule, and lists it in _redirects", async () => {
    const json = { 'content-type': 'application/json', cookie };
    const created = await ask(`${front}/api/redirects`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ from: '/winter-menu', to: 'https://partner.example/menu', status: 302 }),
    });
    expect(created.status, created.body.toString()).toBe(201);
    const answer = await ask(`${front}/winter-menu/?ref=letter`);
    // nginx first strips the trailing slash, as the server does; the redirect then answers the one URL.
    expect(answer.status).toBe(301);
    const followed = await ask(`${front}${answer.headers.location}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.location).toBe('https://partner.example/menu?ref=letter');
    expect(followed.headers['cache-control']).toBe('no-cache');
    expect((await ask(`${front}/_redirects`)).body.toString()).toContain('/winter-menu https://partner.example/menu 302\n');
  });

  let upload: string;
  let cookie: string;

  beforeAll(async () => {
    if (!existsSync(NGINX)) throw new Error('nginx is not installed: apt-get install nginx libnginx-mod-http-brotli-static (.ci/run does)');
    server = await startServer(work, deploymentEnv(work, { TRUST_PROXY: '1' }));
    const port = await freePort();
    front = `http://127.0.0.1:${port}`;
    const siteConfigFile = join(prefix, 'forkcast.conf');
    writeFileSync(
      siteConfigFile,
      nginxSiteConfig({
        serverName: 'forkcast.test',
        listen: `127.0.0.1:${port}`,
        siteDir: join(work, 'dist', 'client'),
        uploadDir: join(work, 'data', 'uploads'),
        upstream: new URL(server.url).host,
        brotli,
        accessLog: join(prefix, 'access.log'),
      }),
    );
    const conf = join(prefix, 'nginx.conf');
    writeFileSync(conf, nginxStandaloneConfig({ prefix, siteConfigFile, brotli, ...(process.getuid?.() === 0 ? { user: 'root' } : {}) }));
    nginx = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', join(prefix, 'error.log'), '-g', 'daemon off;'], { stdio: 'ignore' });
    await vi.waitFor(
      async () => {
        if ((await ask(`${front}/api/health`)).status !== 200) throw new Error('nginx does not pass /api/health on yet');
      },
      { timeout: 10_000, interval: 100 },
    );

    cookie = await signIn(front);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e86de' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'blue.png');
    const uploaded = await fetch(`${front}/api/upload`, { method: 'POST', headers: { cookie }, body: form });
    expect(uploaded.status).toBe(201);
    upload = ((await uploaded.json()) as { url: string }).url;
  });

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
    rmSync(prefix, { recursive: true, force: true });
  });

  it('serves every kind of file as the server does: the same bytes, type, compressed copy, Cache-Control and headers', async () => {
    const astro = readdirSync(join(work, 'dist', 'client', '_astro')).find((name) => name.endsWith('.js'))!;
    const image = readdirSync(join(work, 'dist', 'client', 'images', 'cities')).find((name) => name.endsWith('.webp'))!;
    // The owner wrote the seed's posts: their author page has a feed of its own.
    const author = readdirSync(join(work, 'dist', 'client', 'authors'))[0]!;
    const paths = [
      '/',
      POST,
      '/osaka/guide',
      '/rss.xml',
      `/authors/${author}/rss.xml`,
      '/sitemap.xml',
      '/robots.txt',
      '/_redirects',
      '/itineraries/osaka.csv',
      '/favicon.svg',
      '/apple-touch-icon.png',
      `/images/cities/${image}`,
      '/samples/itinerary-sample.csv',
      `/_astro/${astro}`,
      upload,
      upload.replace('.jpg', '-640.webp'),
    ];
    for (const path of paths) {
      for (const encoding of brotli ? ['br, gzip', 'gzip', ''] : ['gzip', '']) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const [direct, proxied] = await Promise.all([ask(`${server.url}${path}`, { headers }), ask(`${front}${path}`, { headers })]);
        expect(proxied.status, path).toBe(200);
        expect(headersOf(proxied), `${path} (${encoding || 'identity'})`).toEqual(headersOf(direct));
        expect(proxied.body.equals(direct.body), path).toBe(true);
      }
    }
    // The server sends Strict-Transport-Security for its https PUBLIC_HOST; nginx sends it only over https.
    expect((await ask(`${server.url}/`)).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await ask(`${front}/`)).headers['strict-transport-security']).toBeUndefined();
    expect((await ask(`${front}/rss.xml`)).headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect((await ask(`${front}/authors/${author}/rss.xml`)).headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect((await ask(`${front}${POST}`, { headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBe(
      brotli ? 'br' : undefined,
    );
  });

  it('answers one URL per page, as the server does: every other spelling of a page 301s to it, keeping the query string', async () => {
    const astro = `/_astro/${readdirSync(join(work, 'dist', 'client', '_astro')).find((name) => name.endsWith('.js'))!}`;
    // Each URL with the answer both must give: a status, and for a redirect its Location.
    const urls: [path: string, status: number, location?: string][] = [
      ['/', 200],
      ['/?ref=letter', 200],
      ['/index.html', 301, '/'],
      ['/index.html?ref=letter', 301, '/?ref=letter'],
      ['/about', 200],
      ['/about/', 301, '/about'],
      ['/about/index.html', 301, '/about'],
      ['/about/index.html/', 301, '/about'],
      ['/about/?utm_source=letter&next=%2Fx', 301, '/about?utm_source=letter&next=%2Fx'],
      ['/about/?', 301, '/about'],
      ['/about/.', 301, '/about'],
      ['/%61bout/', 301, '/about'],
      ['/london/guide', 200],
      ['/london/guide/', 301, '/london/guide'],
      ['/london/guide/index.html', 301, '/london/guide'],
      [`${POST}/`, 301, POST],
      ['/posts/dining/', 301, '/posts/dining'],
      ['/rss.xml', 200],
      ['/rss.xml/', 301, '/rss.xml'],
      ['/sitemap.xml', 200],
      ['/sitemap.xml/', 301, '/sitemap.xml'],
      ['/itineraries/osaka.csv', 200],
      ['/samples/itinerary-sample.csv', 200],
      [astro, 200],
      [`${astro}/`, 301, astro],
      ['/_astro/', 301, '/_astro'],
      [upload, 200],
      [`${upload}/`, 301, upload],
      ['/uploads/', 301, '/uploads'],
      ['/uploads', 404],
      ['/no-such-page/', 301, '/no-such-page'],
      ['/no-such-page', 404],
      ['/search/?q=ramen', 301, '/search?q=ramen'],
      ['/api/health', 200],
      ['/api/health/', 404],
      ['//about', 404],
      ['//about/', 404],
      ['/about//', 404],
      ['//evil.example/', 404],
      [`/_astro//${astro.slice('/_astro/'.length)}`, 404],
      ['//rss.xml', 404],
    ];
    const compared = COMPARED.filter((name) => name !== 'content-type' && name !== 'vary');
    for (const [path, status, location] of urls) {
      for (const method of ['GET', 'HEAD']) {
        const headers = { 'accept-encoding': 'gzip' };
        const [direct, proxied] = await Promise.all([
          ask(`${server.url}${path}`, { method, headers }),
          ask(`${front}${path}`, { method, headers }),
        ]);
        const label = `${method} ${path}`;
        expect(direct.status, `${label} (server)`).toBe(status);
        expect(proxied.status, `${label} (nginx)`).toBe(status);
        expect(direct.headers.location, `${label} (server)`).toBe(location);
        expect(proxied.headers.location, `${label} (nginx)`).toBe(location);
        // nginx sends the not-found page of a URL it refuses itself as it is, not as its compressed copy.
        const names = status === 404 ? compared.filter((name) => name !== 'content-encoding') : compared;
        const pick = (answer: Answer) => Object.fromEntries(names.map((name) => [name, answer.headers[name]]));
        expect(pick(proxied), label).toEqual(pick(direct));
        if (status !== 301) expect(proxied.body.equals(direct.body), label).toBe(true);
      }
    }
  });

  it('answers a missing URL with the 404 page of its shape, and never serves a hidden or temporary file', async () => {
    writeFileSync(join(work, 'dist', 'client', 'osaka', '.0123456789ab.tmp'), 'a page being written');
    writeFileSync(join(work, 'data', 'uploads', '.half.jpg.tmp'), 'an upload being written');
    const shapes: [string, string][] = [
      ['/no-such-page', 'Page Not Found'],
      ['/post/no-such-post', 'Post Not Found'],
      ['/osaka/no-such-post', 'Post Not Found'],
      ['/nowhere/guide', 'City Guide Not Found'],
      ['/osaka/.0123456789ab.tmp', 'Page Not Found'],
      ['/uploads/.half.jpg.tmp', 'Page Not Found'],
      ['/uploads/missing.jpg', 'Page Not Found'],
      ['/_astro/missing.js', 'Page Not Found'],
      ['/.env', 'Page Not Found'],
    ];
    for (const [path, heading] of shapes) {
      const [direct, proxied] = await Promise.all([
        ask(`${server.url}${path}`, { headers: { 'accept-encoding': 'gzip' } }),
        ask(`${front}${path}`, { headers: { 'accept-encoding': 'gzip' } }),
      ]);
      expect(proxied.status, path).toBe(404);
      expect(proxied.body.toString(), path).toContain(heading);
      expect(proxied.body.equals(direct.body), path).toBe(true);
      expect(proxied.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('redirects as the server does: the _redirects entries, a post at another of its URLs, keeping the query string', async () => {
    const listed = readFileSync(join(work, 'dist', 'client', '_redirects'), 'utf8')
      .split('\n')[0]!
      .split(' ');
    for (const [from, to] of [
      [listed[0]!, listed[1]!],
      ['/post/osaka-kushikatsu-night-crawl?ref=letter', `${POST}?ref=letter`],
      ['/kyoto/osaka-kushikatsu-night-crawl', POST],
    ]) {
      const answer = await ask(`${front}${from}`);
      expect(answer.status, from).toBe(301);
      expect(answer.headers.location, from).toBe(to);
    }
  });

  it('shows a write through /api on the very next read through nginx, its redirect too', async () => {
    const json = { 'content-type': 'application/json', cookie };
    const created = await ask(`${front}/api/posts`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: 'Through the proxy', excerpt: 'Fresh.', content: 'Written behind nginx.', status: 'published' }),
    });
    expect(created.status).toBe(201);
    const post = JSON.parse(created.body.toString()) as { id: number; slug: string };
    const page = await ask(`${front}/post/${post.slug}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('Written behind nginx.');

    const renamed = await ask(`${front}/api/posts/${post.id}`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ title: 'Through the proxy, renamed', slug: 'through-the-proxy-renamed' }),
    });
    expect(renamed.status).toBe(200);
    expect((await ask(`${front}/post/through-the-proxy-renamed`)).body.toString()).toContain('Through the proxy, renamed');
    const old = await ask(`${front}/post/${post.slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe('/post/through-the-proxy-renamed');
    expect((await ask(`${front}/`)).body.toString()).toContain('Through the proxy, renamed');
  });

  it('answers a revalidation 304, and never for a page rewritten within the same second at the same size', async () => {
    const json = { 'content-type': 'application/json', cookie };
    const created = await ask(`${front}/api/posts`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: 'Revalidated A', excerpt: 'Twice.', content: 'Same size, new words: A.', status: 'published' }),
    });
    expect(created.status).toBe(201);
    const post = JSON.parse(created.body.toString()) as { id: number; slug: string };
    const path = `/post/${post.slug}`;
    for (const encoding of brotli ? ['br', 'gzip', ''] : ['gzip', '']) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const first = await ask(`${front}${path}`, { headers });
      expect(first.status).toBe(200);
      const etag = first.headers.etag!;
      expect(etag, encoding).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      const unchanged = await ask(`${front}${path}`, { headers: { ...headers, 'if-none-match': etag } });
      expect(unchanged.status, encoding).toBe(304);
      expect(unchanged.headers['cache-control'], encoding).toBe('public, max-age=0, must-revalidate');
      expect((await ask(`${front}${path}`, { headers: { ...headers, 'if-modified-since': first.headers['last-modified']! } })).status).toBe(
        304,
      );

      // The same number of bytes, written at once: nginx's ETag (modification second and size) must still change.
      const letter = first.body.toString().includes('Revalidated A') ? 'B' : 'A';
      const changed = await ask(`${front}/api/posts/${post.id}`, {
        method: 'PATCH',
        headers: json,
        body: JSON.stringify({ title: `Revalidated ${letter}`, content: `Same size, new words: ${letter}.` }),
      });
      expect(changed.status).toBe(200);
      const second = await ask(`${front}${path}`, { headers: { ...headers, 'if-none-match': etag } });
      expect(second.status, encoding).toBe(200);
      expect(second.body.length, encoding).toBe(first.body.length);
      expect(second.body.toString()).toContain(`Revalidated ${letter}`);
      expect(second.headers.etag, encoding).not.toBe(etag);
      const since = await ask(`${front}${path}`, { headers: { ...headers, 'if-modified-since': first.headers['last-modified']! } });
      expect(since.status, encoding).toBe(200);
    }
  });

  it('counts rate limits per real client: each address has its own allowance, and a forged X-Forwarded-For changes nothing', async () => {
    const contact = (from: string, headers: Record<string, string> = {}) =>
      ask(`${front}/api/contact`, {
        method: 'POST',
        from,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ name: 'Ana', email: 'ana@example.com', subject: 'Hello', message: `From ${from}` }),
      });
    for (let i = 0; i < 5; i++) expect((await contact('127.0.0.2')).status).toBe(201);
    expect((await contact('127.0.0.2')).status).toBe(429);
    expect((await contact('127.0.0.2', { 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
    expect((await contact('127.0.0.3')).status).toBe(201);
    expect((await contact('127.0.0.3', { 'x-forwarded-for': '127.0.0.2' })).status).toBe(201);
  });

  it('logs one JSON line per request with the request id the server logs too', async () => {
    const answer = await ask(`${front}/api/health`);
    const id = answer.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => readFileSync(join(prefix, 'access.log'), 'utf8').includes(`"reqId":"${id}"`)).toBe(true);
    const line = readFileSync(join(prefix, 'access.log'), 'utf8')
      .split('\n')
      .find((entry) => entry.includes(`"reqId":"${id}"`))!;
    expect(JSON.parse(line)).toMatchObject({ method: 'GET', uri: '/api/health', status: 200 });
  });

  it('keeps serving the site while the server is stopped, with the 404 page of each shape', async () => {
    expect(await server.stop(), server.output()).toBe(0);
    expect((await ask(`${front}${POST}`)).status).toBe(200);
    expect((await ask(`${front}${upload}`)).status).toBe(200);
    const missing = await ask(`${front}/post/no-such-post`);
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('Post Not Found');
    expect((await ask(`${front}/nowhere/guide`)).body.toString()).toContain('City Guide Not Found');
    expect((await ask(`${front}/api/health`)).status).toBe(502);
  });
});
