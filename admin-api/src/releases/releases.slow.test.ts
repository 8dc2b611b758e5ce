import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../publisher/site-folder.ts';
import { BUILDS_FOLDER, newBuildDir, promoteBuild } from './releases.ts';

function put(dir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
}

describe('promoteBuild', () => {
  let root: string;
  const served = (file: string) => readFileSync(join(root, 'dist', 'client', file), 'utf8');
  const isServed = (file: string) => existsSync(join(root, 'dist', 'client', file));

  /** What `astro build` leaves in a new build folder: the render bundle and the site's assets and public files. */
  async function astroBuild(assets: Record<string, string>): Promise<string> {
    // Builds are named by the millisecond they began.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const buildDir = newBuildDir(root);
    put(buildDir, {
      'server/entry.mjs': 'export {}',
      ...Object.fromEntries(Object.entries(assets).map(([file, text]) => [`client/${file}`, text])),
    });
    return buildDir;
  }

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'forkcast-releases-'));
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('links dist to the first build, with compressed copies of its assets', async () => {
    const build = await astroBuild({ '_astro/page.A1.css': 'body{margin:0}', 'site.webmanifest': '{}' });
    expect(await promoteBuild({ root, buildDir: build })).toEqual({ carried: 0, removed: [] });
    expect(lstatSync(join(root, 'dist')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(root, 'dist'))).toBe(join(BUILDS_FOLDER, build.split('/').pop()!));
    expect(served('_astro/page.A1.css')).toBe('body{margin:0}');
    expect(isServed('_astro/page.A1.css.br') && isServed('site.webmanifest.gz')).toBe(true);
  });

  it('carries the served pages and the assets they load into the new build, and public files come from the new build alone', async () => {
    await promoteBuild({
      root,
      buildDir: await astroBuild({ '_astro/page.A1.css': 'old', 'site.webmanifest': '{"name":"old"}', 'favicon.svg': '<svg/>' }),
    });
    // What the publisher rendered into the served site, and a write it had in progress.
    put(join(root, 'dist', 'client'), {
      'index.html': 'home',
      'index.html.br': 'home, compressed',
      'kyoto/guide/index.html': 'kyoto guide',
      'rss.xml': 'feed',
      _redirects: '/old /new 301',
      'kyoto/guide/.0123456789ab.tmp': 'half a page',
    });
    const old = join(realpathSync(join(root, 'dist')), 'client', 'index.html');
    const next = await astroBuild({ '_astro/page.B2.css': 'new', 'site.webmanifest': '{"name":"new"}' });

    const promotion = await promoteBuild({ root, buildDir: next });

    // The pages, the feed, the redirects file, and the old build's stylesheet with its two compressed copies.
    expect(promotion.carried).toBe(8);
    expect(served('index.html')).toBe('home');
    expect(served('kyoto/guide/index.html')).toBe('kyoto guide');
    expect(served('_redirects')).toBe('/old /new 301');
    expect(served('_astro/page.A1.css')).toBe('old');
    expect(served('_astro/page.B2.css')).toBe('new');
    expect(served('site.webmanifest')).toBe('{"name":"new"}');
    expect(isServed('favicon.svg')).toBe(false);
    expect(isServed('kyoto/guide/.0123456789ab.tmp')).toBe(false);
    // Pages are linked, not copied; a page the publisher then rewrites leaves the old build's copy alone.
    expect(statSync(join(next, 'client', 'index.html')).ino).toBe(statSync(old).ino);
    await writeFileAtomic(join(root, 'dist', 'client', 'index.html'), 'home, new build');
    expect(served('index.html')).toBe('home, new build');
    expect(readFileSync(old, 'utf8')).toBe('home');
  });

  it('carries a build’s own assets once, and keeps two builds before the served one', async () => {
    const builds: string[] = [];
    for (const name of ['A1', 'B2', 'C3', 'D4']) {
      const build = await astroBuild({ [`_astro/page.${name}.css`]: name });
      builds.push(build);
      const promotion = await promoteBuild({ root, buildDir: build });
      if (name === 'D4') expect(promotion.removed).toEqual([builds[0]!.split('/').pop()]);
      put(join(root, 'dist', 'client'), { 'index.html': `page of ${name}` });
    }
    expect(readdirSync(join(root, BUILDS_FOLDER)).filter((entry) => !entry.startsWith('.')).length).toBe(3);
    expect(readdirSync(join(root, 'dist', 'client', '_astro')).filter((file) => file.endsWith('.css'))).toEqual([
      'page.C3.css',
      'page.D4.css',
    ]);
    expect(served('index.html')).toBe('page of D4');
  });

  it('turns a dist folder from before releases into a build and carries its pages', async () => {
    put(join(root, 'dist'), { 'server/entry.mjs': 'export {}', 'client/_astro/page.A1.css': 'old', 'client/index.html': 'home' });
    await promoteBuild({ root, buildDir: await astroBuild({ '_astro/page.B2.css': 'new' }) });
    expect(lstatSync(join(root, 'dist')).isSymbolicLink()).toBe(true);
    expect(served('index.html')).toBe('home');
    expect(served('_astro/page.A1.css')).toBe('old');
    expect(readdirSync(join(root, BUILDS_FOLDER)).filter((entry) => entry.startsWith('0-unversioned-'))).toHaveLength(1);
  });

  it('never lets a reader of the served site miss a page while it moves to the new build', async () => {
    await promoteBuild({ root, buildDir: await astroBuild({ '_astro/page.A1.css': 'old' }) });
    const pages = Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`post/p${index}/index.html`, `post ${index}`]));
    put(join(root, 'dist', 'client'), pages);
    let reads = 0;
    let misses = 0;
    let moving = true;
    const reader = (async () => {
      while (moving) {
        if (!isServed('post/p299/index.html') || !isServed('_astro/page.A1.css')) misses += 1;
        reads += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await promoteBuild({ root, buildDir: await astroBuild({ '_astro/page.B2.css': 'new' }) });
    moving = false;
    await reader;
    expect(reads).toBeGreaterThan(10);
    expect(misses).toBe(0);
    expect(served('post/p299/index.html')).toBe('post 299');
  });
});
