import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  desiredSiteObject,
  isForeignSiteKey,
  parseRedirects,
  redirectObject,
  siteObjectHeaders,
  siteObjectKey,
  siteRedirects,
} from './site-objects.ts';

describe('site objects', () => {
  let siteDir: string | undefined;
  afterEach(() => {
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
  });
  const write = (file: string, text: string) => {
    const path = join(siteDir ?? '', file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };

  it('stores each page under its one URL, and no compressed copy or hidden file', () => {
    expect(siteObjectKey('index.html')).toBe('index.html');
    expect(siteObjectKey('kyoto/guide/index.html')).toBe('kyoto/guide');
    expect(siteObjectKey('rss.xml')).toBe('rss.xml');
    expect(siteObjectKey('404.html')).toBe('404.html');
    expect(siteObjectKey('_astro/app.1a2b.js')).toBe('_astro/app.1a2b.js');
    expect(siteObjectKey('kyoto/guide/index.html.br')).toBeUndefined();
    expect(siteObjectKey('rss.xml.gz')).toBeUndefined();
    expect(siteObjectKey('kyoto/.0123456789ab.tmp')).toBeUndefined();
    expect(isForeignSiteKey('uploads/ab12.jpg')).toBe(true);
    expect(isForeignSiteKey('.forkcast/state.json')).toBe(true);
    expect(isForeignSiteKey('posts/page/2')).toBe(false);
  });

  it('sends the headers the server sends: pages revalidated, assets kept for good, not-found pages never kept', () => {
    expect(siteObjectHeaders('kyoto/guide/index.html')).toEqual({
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'public, max-age=0, must-revalidate',
    });
    expect(siteObjectHeaders('rss.xml').contentType).toBe('application/rss+xml; charset=utf-8');
    expect(siteObjectHeaders('_astro/app.1a2b.js').cacheControl).toBe('public, max-age=31536000, immutable');
    expect(siteObjectHeaders('404-post.html').cacheControl).toBe('no-cache');
    expect(siteObjectHeaders('favicon.svg').cacheControl).toBe('public, max-age=3600');
  });

  it('reads _redirects, and stores each redirect as an object that leads there', () => {
    const redirects = parseRedirects(
      '/post/kyoto-ramen /kyoto/kyoto-ramen 301\n/post/old /kyoto/guide 301\nnonsense\n/partner https://partner.example/menu 301\n/this-week /posts 302\n',
    );
    expect([...redirects]).toEqual([
      ['post/kyoto-ramen', '/kyoto/kyoto-ramen'],
      ['post/old', '/kyoto/guide'],
      ['partner', 'https://partner.example/menu'],
    ]);
    const object = redirectObject('/kyoto/guide');
    expect(object).toMatchObject({
      redirect: '/kyoto/guide',
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'public, max-age=3600',
    });
    expect(object.body.toString()).toContain('<link rel="canonical" href="/kyoto/guide">');
  });

  it('resolves a key to its file, else its redirect, else nothing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'forkcast-site-'));
    siteDir = folder;
    write('kyoto/guide/index.html', '<p>guide</p>');
    write('index.html', '<p>home</p>');
    write('_redirects', '/post/kyoto-guide /kyoto/guide 301\n');
    const redirects = await siteRedirects(folder);
    expect((await desiredSiteObject(folder, 'kyoto/guide', redirects))?.body.toString()).toBe('<p>guide</p>');
    expect((await desiredSiteObject(folder, 'index.html', redirects))?.body.toString()).toBe('<p>home</p>');
    expect(await desiredSiteObject(folder, 'post/kyoto-guide', redirects)).toMatchObject({ redirect: '/kyoto/guide' });
    expect(await desiredSiteObject(folder, 'kyoto/guide/index.html', redirects)).toBeUndefined();
    expect(await desiredSiteObject(folder, 'kyoto', redirects)).toBeUndefined();
  });
});
