import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  futimesSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type BigIntStats,
} from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, posix, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import {
  COMPRESSED_COPIES,
  compressedOriginal,
  isCompressibleFile,
  isNotFoundRoute,
  isRenderedFile,
  REDIRECTS_ROUTE,
} from '@forkcast/shared/urls';

/**
 * The file a route is written to inside the site folder: `/` -> index.html, the not-found pages
 * `/404`, `/404-post`, `/404-guide` -> 404.html, 404-post.html, 404-guide.html, `/_redirects` as
 * itself, `/kyoto/guide` -> kyoto/guide/index.html, and a path with an extension (`/rss.xml`) as
 * itself. Throws for anything that could escape the folder.
 */
export function routeFile(route: string): string {
  if (!route.startsWith('/') || route.includes('\\') || route.includes('\0')) throw new Error(`Not a site route: ${route}`);
  const segments = route.split('/').filter(Boolean);
  if (segments.some((segment) => segment === '.' || segment === '..')) throw new Error(`Not a site route: ${route}`);
  if (segments.length === 0) return 'index.html';
  if (isNotFoundRoute(route)) return `${route.slice(1)}.html`;
  if (route === REDIRECTS_ROUTE) return route.slice(1);
  const last = segments[segments.length - 1]!;
  return /\.[a-z0-9]+$/i.test(last) ? posix.join(...segments) : posix.join(...segments, 'index.html');
}

export interface WriteOptions {
  /**
   * Make the write survive a power cut before resolving: fsync the file before it replaces the old
   * one, and its folder after (and the parent of any folder the write had to create). A publish
   * needs it (the outbox is marked done right after); a full render, which commits its state only
   * once everything is written, syncs the whole folder once at the end instead.
   */
  durable: boolean;
}

/** Makes a folder's entries (files created, renamed or removed in it) durable. */
export async function syncFolder(path: string): Promise<void> {
  const folder = await open(path, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** syncFolder, blocking. */
function syncFolderSync(path: string): void {
  const folder = openSync(path, 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

// A page and its compressed copies share a folder: it is synced once for all three.
const syncFolders = (folders: readonly string[]) => Promise.all([...new Set(folders)].map(syncFolder));

// The last twelve hex digits of a random UUID: as random as twelve from randomBytes, and about five
// times cheaper to draw (a full render names some 34,000 temporary files).
const tempFile = (path: string) => join(dirname(path), `.${randomUUID().slice(-12)}.tmp`);

/**
 * The folders whose entries a recursive mkdir changed when it created `first` and the folders
 * below it down to `folder`: the parent of each folder it created, nearest first. A new folder lasts
 * through a power cut only once its parent is synced too (a new post's folder, say, in its city's).
 */
export function parentsOfNewFolders(first: string | undefined, folder: string): string[] {
  const parents: string[] = [];
  if (first === undefined) return parents;
  for (let created = folder; created !== dirname(created); created = dirname(created)) {
    parents.push(dirname(created));
    if (created === first) break;
  }
  return parents;
}

/** A new file at `path`, with its folder made when missing; says which folders that changed. */
async function openFresh(path: string) {
  try {
    return { handle: await open(path, 'wx', 0o644), changedFolders: [] };
  } catch (error) {
    // The folder is made only when it is missing: one system call a file fewer on every write.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const first = await mkdir(dirname(path), { recursive: true });
    return { handle: await open(path, 'wx', 0o644), changedFolders: parentsOfNewFolders(first, dirname(path)) };
  }
}

// The file system's clock may lag the wall clock by a tick: within this margin a new file's own
// modification time is not trusted to be a second after the one it replaces.
const CLOCK_SLACK_MS = 100;

/**
 * The modification time to give a file that replaces `replaced`, or undefined when its own will do.
 * nginx's ETag and Last-Modified are the modification second (and the size), so two versions of a
 * page of the same size written within one second would share them, and a client holding the
 * first would be told the second is unchanged. Each new version is therefore at least a second
 * later than the one it replaces, which costs nothing but a stat unless a file is rewritten within
 * a second (then its time runs up to a few seconds ahead of the clock).
 */
function laterModification(replaced: BigIntStats | undefined): Date | undefined {
  if (!replaced) return undefined;
  const leastMs = Number((replaced.mtimeNs + 1_000_000_000n + 999_999n) / 1_000_000n);
  const now = Date.now();
  return now >= leastMs + CLOCK_SLACK_MS ? undefined : new Date(Math.max(leastMs, now));
}

/**
 * Puts `data` at `path` so that a reader sees either the old or the new content, never a mix: the
 * bytes go to a temporary file in the same directory, which is renamed over the target (rename is
 * atomic within a file system), and the new file is modified at least a second after the one it
 * replaces (see laterModification). Whatever fails (a full disk, a folder it may not write), the
 * temporary file is removed before the error is passed on. Resolves to the folders whose entries
 * changed (the file's, and the parent of any folder it had to create), which a durable write syncs.
 */
async function replaceFile(path: string, data: Uint8Array | string, { durable }: WriteOptions): Promise<string[]> {
  const temp = tempFile(path);
  const [{ handle, changedFolders }, replaced] = await Promise.all([openFresh(temp), stat(path, { bigint: true }).catch(() => undefined)]);
  try {
    try {
      await handle.writeFile(data);
      const modified = laterModification(replaced);
      if (modified) await handle.utimes(modified, modified);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return [dirname(path), ...changedFolders];
}

/** Writes a file atomically (see replaceFile); a durable write resolves once its folders are synced. */
export async function writeFileAtomic(path: string, data: Uint8Array | string, options: WriteOptions = { durable: true }): Promise<void> {
  const folders = await replaceFile(path, data, options);
  if (options.durable) await syncFolders(folders);
}

// Every full build and every publish pays for these copies, so each level trades a few percent of
// size for much less time: brotli's quality 4 against 5, and gzip (the copy for the few clients
// without brotli) at level 4 against the default 6. docs/performance.md has the measurements.
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 4;
const brotliOptions = (data: Buffer): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
});
// Node's gzip header carries no name and a zero mtime, so the same bytes always compress the same.
const gzipOptions: ZlibOptions = { level: GZIP_LEVEL };
type Encoding = (typeof COMPRESSED_COPIES)[number]['encoding'];
const compressors: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) => promisify(brotliCompress)(data, brotliOptions(data)),
  gzip: (data) => promisify(gzip)(data, gzipOptions),
};
const compressorsSync: Record<Encoding, (data: Buffer) => Buffer> = {
  br: (data) => brotliCompressSync(data, brotliOptions(data)),
  gzip: (data) => gzipSync(data, gzipOptions),
};

const asBuffer = (data: Uint8Array | string) =>
  typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** The compressed copies a site file has beside it ('a/index.html.br', ...); none for a file that is not text. */
export function compressedCopyFiles(file: string): string[] {
  return isCompressibleFile(file) ? COMPRESSED_COPIES.map(({ suffix }) => `${file}${suffix}`) : [];
}

/**
 * Writes a file of the site folder and, when it is text, its compressed copies beside it, each
 * atomically (so a reader never gets a half-written copy), and resolves once all are in place. When
 * any of them fails the copies are removed, so that until the write is retried every reader gets
 * the same version of the file, whatever coding it asks for, rather than a copy of another version.
 */
export async function writeSiteFile(
  siteDir: string,
  file: string,
  data: Uint8Array | string,
  options: WriteOptions = { durable: true },
): Promise<void> {
  const bytes = asBuffer(data);
  const copies = isCompressibleFile(file)
    ? COMPRESSED_COPIES.map(async ({ encoding, suffix }) =>
        replaceFile(join(siteDir, `${file}${suffix}`), await compressors[encoding](bytes), options),
      )
    : [];
  try {
    const written = await Promise.allSettled([replaceFile(join(siteDir, file), bytes, options), ...copies]);
    const failed = written.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    if (options.durable) await syncFolders(written.flatMap((result) => (result.status === 'fulfilled' ? result.value : [])));
  } catch (error) {
    await Promise.allSettled(compressedCopyFiles(file).map((copy) => rm(join(siteDir, copy), { force: true })));
    throw error;
  }
}

/** replaceFile, blocking. */
function replaceFileSync(path: string, data: Uint8Array, { durable }: WriteOptions): string[] {
  const temp = tempFile(path);
  let replaced: BigIntStats | undefined;
  try {
    replaced = statSync(path, { bigint: true, throwIfNoEntry: false });
  } catch {
    replaced = undefined;
  }
  let fd: number;
  let changedFolders: string[] = [];
  try {
    fd = openSync(temp, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    changedFolders = parentsOfNewFolders(mkdirSync(dirname(path), { recursive: true }), dirname(path));
    fd = openSync(temp, 'wx', 0o644);
  }
  try {
    try {
      writeFileSync(fd, data);
      const modified = laterModification(replaced);
      if (modified) futimesSync(fd, modified, modified);
      if (durable) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return [dirname(path), ...changedFolders];
}

/**
 * writeSiteFile, blocking: for the render pool's worker threads, which have nothing else to do
 * meanwhile, and for which a hop to the shared thread pool per system call and per compression
 * cost more than it saved. Writes the same bytes with the same guarantees.
 */
export function writeSiteFileSync(siteDir: string, file: string, data: Uint8Array | string, options: WriteOptions): void {
  const bytes = asBuffer(data);
  try {
    const folders = replaceFileSync(join(siteDir, file), bytes, options);
    if (isCompressibleFile(file))
      for (const { encoding, suffix } of COMPRESSED_COPIES)
        folders.push(...replaceFileSync(join(siteDir, `${file}${suffix}`), compressorsSync[encoding](bytes), options));
    if (options.durable) for (const folder of new Set(folders)) syncFolderSync(folder);
  } catch (error) {
    for (const copy of compressedCopyFiles(file)) rmSync(join(siteDir, copy), { force: true });
    throw error;
  }
}

/** Removes a file of the site folder together with its compressed copies. */
export async function removeSiteFile(siteDir: string, file: string): Promise<void> {
  await Promise.all([file, ...compressedCopyFiles(file)].map((each) => rm(join(siteDir, each), { force: true })));
}

/** Every file in the site folder that is not hidden, as paths relative to it (posix separators). */
export async function listSiteFiles(siteDir: string): Promise<string[]> {
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => relative(siteDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/**
 * Writes the compressed copies of the text files the build put in the site folder (its scripts
 * and styles under _astro/, the files of public/): everything compressible that is not rendered,
 * not itself a copy and not hidden. Removes the copies whose file the build no longer has, so a
 * server that looks for the copy first never sends a file that is gone. `present` is the folder's
 * listing (listSiteFiles) when the caller has one; only the build's files in it matter.
 */
export async function compressBuildFiles(
  siteDir: string,
  options: WriteOptions = { durable: true },
  present?: readonly string[],
): Promise<number> {
  present ??= await listSiteFiles(siteDir);
  const files = present.filter((file) => isCompressibleFile(file) && !isRenderedFile(file));
  const existing = new Set(present);
  const orphans = present.filter((file) => {
    const original = compressedOriginal(file);
    return original !== undefined && !isRenderedFile(file) && !existing.has(original);
  });
  await Promise.all(orphans.map((file) => rm(join(siteDir, file), { force: true })));
  for (const file of files) {
    const bytes = await readFile(join(siteDir, file));
    await Promise.all(
      COMPRESSED_COPIES.map(async ({ encoding, suffix }) =>
        writeFileAtomic(join(siteDir, `${file}${suffix}`), await compressors[encoding](bytes), options),
      ),
    );
  }
  return files.length;
}

/**
 * Flushes everything written to the file system holding `path` to disk with one call (syncfs,
 * through coreutils' sync), instead of one fsync per file of a full render.
 */
export async function syncFileSystem(path: string): Promise<void> {
  await promisify(execFile)('sync', ['--file-system', path]);
}

/** The files of a site folder's listing (listSiteFiles) that a render wrote, sorted. */
export function renderedFiles(present: readonly string[]): string[] {
  return present.filter(isRenderedFile).sort();
}
