import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, candidateFiles, contentTypeOf, FileCache, FolderVersions, matchesEtag, serveFiles } from './serve-files.ts';

describe('candidateFiles', () => {
  it('maps pages to their index.html, and a path without an extension to a file of that name after it', () => {
    expect(candidateFiles('/')).toEqual(['index.html']);
    expect(candidateFiles('/kyoto/guide')).toEqual(['kyoto/guide/index.html', 'kyoto/guide']);
    expect(candidateFiles('/rss.xml')).toEqual(['rss.xml']);
    expect(candidateFiles('/_astro/app.1a2b.js')).toEqual(['_astro/app.1a2b.js']);
  });

  it('names nothing for hidden and temporary files, dot segments, encoded separators, empty segments and the other spellings of a page', () => {
    for (const path of [
      '/.env',
      '/kyoto/.a1b2c3.tmp',
      '/.git/config',
      '/../etc/passwd',
      '/a/./b',
      '/a%2Fb',
      '/a\\b',
      '//etc',
      '/a//b',
      'relative',
      // Another spelling of a page's one URL, which is redirected to it rather than served.
      '/kyoto/guide/',
      '/kyoto/guide/index.html',
      '/index.html',
    ])
      expect(candidateFiles(path), path).toBeUndefined();
  });
});

describe('contentTypeOf', () => {
  it('types the feed as RSS, everything else by its extension', () => {
    expect(contentTypeOf('rss.xml')).toBe('application/rss+xml; charset=utf-8');
    expect(contentTypeOf('authors/ana-ruiz/rss.xml')).toBe('application/rss+xml; charset=utf-8');
    expect(contentTypeOf('sitemap.xml')).toBe('application/xml; charset=utf-8');
    expect(contentTypeOf('kyoto/guide/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('itineraries/kyoto.csv')).toBe('text/csv; charset=utf-8');
    expect(contentTypeOf('_redirects')).toBe('application/octet-stream');
  });
});

describe('acceptedEncodings', () => {
  it('reads codings with their q-values, and * for any coding not named', () => {
    const accepts = acceptedEncodings('gzip;q=0.8, br;q=0, deflate');
    expect([accepts('gzip'), accepts('br'), accepts('deflate'), accepts('zstd')]).toEqual([true, false, true, false]);
    const any = acceptedEncodings('*, gzip;q=0');
    expect([any('br'), any('gzip')]).toEqual([true, false]);
    expect(acceptedEncodings(undefined)('gzip')).toBe(false);
    expect(acceptedEncodings(' BR ')('br')).toBe(true);
  });
});

describe('matchesEtag', () => {
  it('matches one of a list, weak or strong, and *', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"a"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});

describe('FileCache', () => {
  const version = (etag: string) => ({ size: 1, etag, modifiedSecond: 0 });

  it('answers only for the version it read, and past its size drops first the files not sent since they were cached', () => {
    const cache = new FileCache(10);
    cache.set('/a', version('"1"'), Buffer.from('aaaa'));
    cache.set('/b', version('"2"'), Buffer.from('bbbb'));
    expect(cache.get('/a', version('"other"'))).toBeUndefined();
    expect(cache.get('/a', version('"1"'))?.toString()).toBe('aaaa');
    cache.set('/c', version('"3"'), Buffer.from('cccc'));
    expect(cache.get('/b', version('"2"'))).toBeUndefined();
    expect(cache.get('/a', version('"1"'))?.toString()).toBe('aaaa');
    expect(cache.get('/c', version('"3"'))?.toString()).toBe('cccc');
  });
});

describe('FolderVersions', () => {
  it('remembers what it saw of a file until told of a change or until it is too old', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forkcast-versions-'));
    try {
      const file = join(dir, 'index.html');
      const versions = new FolderVersions(150);
      expect(versions.versionOf(file)).toBeUndefined();
      writeFileSync(file, 'first');
      // Not there a moment ago, and not yet looked up again.
      expect(versions.versionOf(file)).toBeUndefined();
      versions.changed();
      const first = versions.versionOf(file);
      expect(first?.size).toBe(5);
      // Another process replaces it: the old version still answers until it is too old.
      writeFileSync(`${file}.tmp`, 'second!');
      renameSync(`${file}.tmp`, file);
      expect(versions.versionOf(file)).toEqual(first);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const second = versions.versionOf(file);
      expect(second?.size).toBe(7);
      expect(second?.etag).not.toBe(first?.etag);
      rmSync(file);
      versions.changed();
      expect(versions.versionOf(file)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('serveFiles', () => {
  it('passes a large file removed since it was looked up to the next handler, with none of its headers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forkcast-serve-'));
    try {
      const page = join(dir, 'big', 'index.html');
      mkdirSync(dirname(page));
      writeFileSync(page, `<p>${'x'.repeat(300 * 1024)}</p>`);
      writeFileSync(`${page}.br`, 'brotli bytes standing in for a copy over the size read whole'.repeat(5000));
      const app = new Hono();
      app.use(
        serveFiles({
          root: dir,
          cacheControl: () => 'public, max-age=0, must-revalidate',
          precompressed: true,
          status: 200,
          versions: new FolderVersions(60_000),
        }),
      );
      app.get('*', (c) => c.text('not here', 404));
      const request = () => app.request('/big', { headers: { 'accept-encoding': 'br' } });

      const served = await request();
      expect(served.status).toBe(200);
      expect(served.headers.get('content-encoding')).toBe('br');
      await served.arrayBuffer();
      // Removed while the folder's versions still hold it, as an unpublish does between the lookup and the open.
      rmSync(`${page}.br`);
      const gone = await request();
      expect(gone.status).toBe(404);
      expect(await gone.text()).toBe('not here');
      for (const header of ['content-encoding', 'etag', 'vary', 'cache-control']) expect(gone.headers.get(header), header).toBeNull();
      expect(gone.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
