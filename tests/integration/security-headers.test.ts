import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '@forkcast/admin-api';
import { getPostBySlug } from '@forkcast/content-db';
import { seed } from '@forkcast/content-db/seed';
import { HEADERS_FILE, policyScriptHashes, readHeadersFile } from '@forkcast/shared/security-headers';
import { BUILT, publishingSite, SITE, type PublishingSite } from './support.ts';

const POST = '/osaka/osaka-kushikatsu-night-crawl';
// Script types a browser runs; any other type (JSON-LD) is data, which a policy does not govern.
const RUNS = new Set(['', 'text/javascript', 'module']);

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('the Content-Security-Policy of the built site', () => {
  let site: PublishingSite;
  let server: RunningServer;
  let policy: string;

  beforeAll(async () => {
    site = await publishingSite(({ db }) => seed(db).then(() => undefined));
    server = await listen(site.app, '127.0.0.1', 0, site.direct);
    policy = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '';
  });

  afterAll(async () => {
    await server?.close();
    await site?.cleanup();
  });

  it('is the one the build wrote beside the site, with the hashes of its inline scripts', () => {
    const built = readHeadersFile(readFileSync(join(BUILT.siteDir, HEADERS_FILE), 'utf8'));
    expect(built?.length).toBeGreaterThan(0);
    expect(policyScriptHashes(policy)).toEqual(built);
    expect(readFileSync(join(BUILT.distDir, 'security-headers.conf'), 'utf8')).toContain(
      `add_header Content-Security-Policy "${policy}" always;`,
    );
  });

  it("is the server's alone: the built site renders a page without working out a policy of its own", async () => {
    const entry = (await import(pathToFileURL(BUILT.serverEntry).href)) as {
      render(request: Request, locals: { db: unknown; site: typeof SITE }): Promise<Response>;
    };
    const rendered = await entry.render(new Request(`${SITE.publicHost}${POST}`), { db: site.handle.db, site: SITE });
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get('content-security-policy')).toBeNull();
  });

  it('allows every inline script of every rendered page, and no page carries an inline handler', () => {
    const allowed = new Set(policyScriptHashes(policy));
    const pages = readdirSync(site.dist.siteDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(100);
    let inline = 0;
    for (const file of pages) {
      const { document } = new JSDOM(readFileSync(join(site.dist.siteDir, file), 'utf8')).window;
      for (const script of document.querySelectorAll('script:not([src])')) {
        if (!RUNS.has(script.getAttribute('type') ?? '')) continue;
        inline += 1;
        expect(allowed.has(sha256(script.textContent ?? '')), `${file}: ${script.textContent?.slice(0, 80)}`).toBe(true);
      }
      for (const element of document.querySelectorAll('*')) {
        for (const { name } of element.attributes) expect(name.startsWith('on'), `${file} ${element.tagName}[${name}]`).toBe(false);
      }
    }
    expect(inline).toBeGreaterThan(pages.length);
  });

  it('comes with every answer: pages, their compressed copies, 304s, HEAD, assets and not-found pages', async () => {
    const etag = (await fetch(`${server.url}${POST}`)).headers.get('etag')!;
    const answers = [
      await fetch(`${server.url}${POST}`, { headers: { 'accept-encoding': 'br' } }),
      await fetch(`${server.url}${POST}`, { headers: { 'if-none-match': etag } }),
      await fetch(`${server.url}${POST}`, { method: 'HEAD' }),
      await fetch(`${server.url}/favicon.svg`),
      await fetch(`${server.url}/no/such/page`),
      await fetch(`${server.url}/api/login`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 304, 200, 200, 404, 200]);
    for (const answer of answers) {
      expect(answer.headers.get('content-security-policy'), answer.url).toBe(policy);
      expect(answer.headers.get('x-frame-options'), answer.url).toBe('DENY');
    }
  });

  it("lets only this site frame a post's preview, which the editor shows in a frame", async () => {
    const post = await getPostBySlug(site.handle.db, POST.split('/').pop()!);
    const preview = await site.request(`/api/posts/${post!.id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-security-policy')).toBe(policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
