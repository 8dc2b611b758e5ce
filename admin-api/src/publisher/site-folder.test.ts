import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compressBuildFiles,
  listSiteFiles,
  parentsOfNewFolders,
  removeSiteFile,
  renderedFiles,
  routeFile,
  writeFileAtomic,
  writeSiteFile,
  writeSiteFileSync,
} from './site-folder.ts';

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

describe('parentsOfNewFolders', () => {
  it('names the parent of every folder a recursive mkdir created, nearest first', () => {
    expect(parentsOfNewFolders('/site/kyoto/new-post', '/site/kyoto/new-post')).toEqual(['/site/kyoto']);
    expect(parentsOfNewFolders('/site/tags', '/site/tags/ramen/page/2')).toEqual([
      '/site/tags/ramen/page',
      '/site/tags/ramen',
      '/site/tags',
      '/site',
    ]);
  });

  it('names none when the folder was already there', () => {
    expect(parentsOfNewFolders(undefined, '/site/kyoto/guide')).toEqual([]);
  });

  it('names the folders a real mkdir created', () => {
    const site = mkdtempSync(join(tmpdir(), 'forkcast-folder-'));
    try {
      const folder = join(site, 'tags', 'ramen', 'page', '2');
      const first = mkdirSync(folder, { recursive: true });
      expect(parentsOfNewFolders(first, folder)).toEqual([
        join(site, 'tags', 'ramen', 'page'),
        join(site, 'tags', 'ramen'),
        join(site, 'tags'),
        site,
      ]);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});

describe('renderedFiles', () => {
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
      'kyoto/guide/index.html.br',
      'kyoto/guide/index.html.gz',
      'itineraries/kyoto.csv',
      'rss.xml',
      'favicon.svg',
      'favicon.svg.gz',
      '_astro/app.js',
      'samples/itinerary-sample.csv',
    ];
    for (const file of files) await writeFileAtomic(join(dir, file), 'x');
    expect(renderedFiles(await listSiteFiles(dir))).toEqual([
      '404-guide.html',
      '404-post.html',
      '404.html',
      '_redirects',
      'index.html',
      'itineraries/kyoto.csv',
      'kyoto/guide/index.html',
      'kyoto/guide/index.html.br',
      'kyoto/guide/index.html.gz',
      'rss.xml',
    ]);
  });
});

describe('writeSiteFile and removeSiteFile', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const page = `<!doctype html><title>Kyoto</title>${'<p>Matcha and tofu in Kyoto.</p>'.repeat(200)}`;

  it('writes a text file with a brotli and a gzip copy of exactly its bytes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-folder-'));
    await writeSiteFile(dir, 'kyoto/guide/index.html', page);
    expect(readFileSync(join(dir, 'kyoto/guide/index.html'), 'utf8')).toBe(page);
    expect(brotliDecompressSync(readFileSync(join(dir, 'kyoto/guide/index.html.br'))).toString()).toBe(page);
    const gz = readFileSync(join(dir, 'kyoto/guide/index.html.gz'));
    expect(gunzipSync(gz).toString()).toBe(page);
    // No file name and a zero mtime in the gzip header: the same page always compresses the same.
    expect(gz.readUInt32LE(4)).toBe(0);
    expect(gz[3]! & 0x08).toBe(0);
  });

  it('compresses the same bytes to the same copies every time', async () => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-folder-'));
    await writeSiteFile(dir, 'a/index.html', page);
    await writeSiteFile(dir, 'b/index.html', page);
    for (const suffix of ['.br', '.gz'])
      expect(readFileSync(join(dir, `a/index.html${suffix}`))).toEqual(readFileSync(join(dir, `b/index.html${suffix}`)));
  });

  it('writes the same files blocking (on a render worker) as not, and leaves no temp file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-folder-'));
    await writeSiteFile(dir, 'a/index.html', page, { durable: false });
    writeSiteFileSync(dir, 'b/index.html', page, { durable: true });
    for (const suffix of ['', '.br', '.gz'])
      expect(readFileSync(join(dir, `b/index.html${suffix}`))).toEqual(readFileSync(join(dir, `a/index.html${suffix}`)));
    expect(readdirSync(join(dir, 'b')).sort()).toEqual(['index.html', 'index.html.br', 'index.html.gz']);
  });

  it.each([
    ['', (folder: string, text: string) => writeSiteFile(folder, 'kyoto/index.html', text)],
    [' (not durable)', (folder: string, text: string) => writeSiteFile(folder, 'kyoto/index.html', text, { durable: false })],
    [' (blocking)', async (folder: string, text: string) => writeSiteFileSync(folder, 'kyoto/index.html', text, { durable: false })],
  ])('gives a rewritten file and its copies a modification time at least a second after the one it replaces%s', async (_how, write) => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-folder-'));
    const files = ['kyoto/index.html', 'kyoto/index.html.br', 'kyoto/index.html.gz'];
    const mtimes = () => files.map((file) => statSync(join(dir!, file), { bigint: true }).mtimeNs);
    // nginx's ETag is the modification second and the size: same-size versions written within one
    // second would share it, and a client holding the first would be told the second is unchanged.
    await write(dir, page.replace('Kyoto', 'Kyotx'));
    let before = mtimes();
    for (const version of ['Kyoty', 'Kyotz']) {
      await write(dir, page.replace('Kyoto', version));
      const after = mtimes();
      for (const [at, file] of files.entries()) expect(after[at]! - before[at]!, file).toBeGreaterThanOrEqual(1_000_000_000n);
      before = after;
    }
    // A file last written long ago is simply written now.
    const old = new Date('2024-01-02T03:04:05Z');
    for (const file of files) utimesSync(join(dir, file), old, old);
    const start = Date.now();
    await write(dir, page);
    for (const [at, file] of files.entries()) {
      expect(Number(mtimes()[at]! / 1_000_000n), file).toBeGreaterThanOrEqual(start - 1000);
      expect(Number(mtimes()[at]! / 1_000_000n), file).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it("gives a file written whole (a build file's copy) the same later modification time", async () => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-folder-'));
    const path = join(dir, 'app.js.gz');
    await writeFileAtomic(path, 'one');
    const first = statSync(path, { bigint: true }).mtimeNs;
    await writeFileAtomic(path, 'two');
    expect(statSync(path, { bigint: true }).mtimeNs - first).toBeGreaterThanOrEqual(1_000_000_000n);
  });

  it('gives files that are not text no copies, and removes a file with its copies', async () => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-folder-'));
    await writeSiteFile(dir, '_redirects', '/a /b 301\n');
    expect(existsSync(join(dir, '_redirects.br'))).toBe(false);
    await writeSiteFile(dir, 'index.html', page);
    await removeSiteFile(dir, 'index.html');
    for (const file of ['index.html', 'index.html.br', 'index.html.gz']) expect(existsSync(join(dir, file)), file).toBe(false);
  });

  it.each([
    ['', (folder: string) => writeSiteFile(folder, 'kyoto/index.html', page)],
    [' (blocking)', async (folder: string) => writeSiteFileSync(folder, 'kyoto/index.html', page, { durable: true })],
  ])('leaves no compressed copy and no temp file behind when the file itself cannot be written%s', async (_how, write) => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-folder-'));
    // A folder in the page's place makes the rename of the page fail, while its copies are written.
    mkdirSync(join(dir, 'kyoto/index.html'), { recursive: true });
    writeFileSync(join(dir, 'kyoto/index.html/keep'), 'x');
    await expect(write(dir)).rejects.toThrow();
    for (const file of ['kyoto/index.html.br', 'kyoto/index.html.gz']) expect(existsSync(join(dir, file)), file).toBe(false);
    expect(readdirSync(join(dir, 'kyoto')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('compressBuildFiles', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("compresses the build's scripts, styles and text files, not images, rendered files or hidden ones", async () => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-folder-'));
    const script = 'console.log("hello");'.repeat(50);
    for (const file of ['_astro/app.js', 'favicon.svg', 'images/photo.jpg', 'index.html', '_astro/.abc.tmp'])
      await writeFileAtomic(join(dir, file), script);
    expect(await compressBuildFiles(dir)).toBe(2);
    expect(gunzipSync(readFileSync(join(dir, '_astro/app.js.gz'))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(join(dir, 'favicon.svg.br'))).toString()).toBe(script);
    for (const file of ['images/photo.jpg.gz', 'index.html.br', '_astro/.abc.tmp.gz'])
      expect(existsSync(join(dir, file)), file).toBe(false);
  });

  it('removes the copies of build files that are gone, and keeps those of rendered files to the render', async () => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-folder-'));
    for (const file of ['_astro/old.js.br', '_astro/old.js.gz', 'styles/gone.css.gz', 'kyoto/index.html.br'])
      await writeFileAtomic(join(dir, file), 'compressed');
    await writeFileAtomic(join(dir, '_astro/new.js'), 'console.log(1);');
    await compressBuildFiles(dir);
    for (const file of ['_astro/old.js.br', '_astro/old.js.gz', 'styles/gone.css.gz'])
      expect(existsSync(join(dir, file)), file).toBe(false);
    for (const file of ['_astro/new.js.br', 'kyoto/index.html.br']) expect(existsSync(join(dir, file)), file).toBe(true);
  });
});
