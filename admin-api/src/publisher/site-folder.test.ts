import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listRenderedFiles, routeFile, writeFileAtomic } from './site-folder.ts';

describe('routeFile', () => {
  it('writes the not-found pages and the redirects file at the site root, as servers look for them', () => {
    expect(routeFile('/404')).toBe('404.html');
    expect(routeFile('/404-post')).toBe('404-post.html');
    expect(routeFile('/404-guide')).toBe('404-guide.html');
    expect(routeFile('/_redirects')).toBe('_redirects');
  });

  it('writes pages as index.html and files as themselves, and refuses escapes', () => {
    expect(routeFile('/')).toBe('index.html');
    expect(routeFile('/kyoto/guide')).toBe('kyoto/guide/index.html');
    expect(routeFile('/rss.xml')).toBe('rss.xml');
    expect(() => routeFile('/../etc/passwd')).toThrow();
  });
});

describe('listRenderedFiles', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('counts the not-found pages and the redirects file as rendered, and built files as not', async () => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-folder-'));
    const files = [
      'index.html',
      '404.html',
      '404-post.html',
      '404-guide.html',
      '_redirects',
      'kyoto/guide/index.html',
      'itineraries/kyoto.csv',
      'favicon.svg',
      '_astro/app.js',
      'samples/itinerary-sample.csv',
    ];
    for (const file of files) await writeFileAtomic(join(dir, file), 'x');
    expect(await listRenderedFiles(dir)).toEqual([
      '404-guide.html',
      '404-post.html',
      '404.html',
      '_redirects',
      'index.html',
      'itineraries/kyoto.csv',
      'kyoto/guide/index.html',
    ]);
  });
});
