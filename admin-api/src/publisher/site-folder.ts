import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, posix, relative, sep } from 'node:path';
import { isNotFoundRoute, isRenderedFile, REDIRECTS_ROUTE } from '@forkcast/content-db/urls';

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

/**
 * Writes a file so that a reader sees either the old or the new content, never a mix: the bytes
 * go to a temporary file in the same directory, are fsynced, and the temp file is renamed over the
 * target (rename is atomic within a file system).
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'w', 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Every file in the site folder that a render wrote, as paths relative to it (posix separators). */
export async function listRenderedFiles(siteDir: string): Promise<string[]> {
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(siteDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter(isRenderedFile)
    .sort();
}
