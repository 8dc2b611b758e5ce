import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { IMMUTABLE } from '@forkcast/shared/security-headers';
import { compressedOriginal, NOT_FOUND_ROUTES, REDIRECTS_ROUTE } from '@forkcast/shared/urls';
import { redirectCacheControl } from '../static/page-variants.ts';
import { NOT_FOUND_CACHE, siteCacheControl } from '../static/cache-policy.ts';
import { contentTypeOf } from '../static/serve-files.ts';
import { routeFile } from '../publisher/site-folder.ts';

/** What one object of a bucket holds: its bytes and the headers a bucket (and a CDN in front) sends with them. */
export interface BucketObject {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  /** Stored as `x-amz-website-redirect-location`: a bucket's website endpoint answers 301 to it. */
  redirect?: string;
}

/** The key of the site's `_redirects` file, which also says which redirect objects the bucket holds. */
export const REDIRECTS_KEY = routeFile(REDIRECTS_ROUTE);

/**
 * Keys below the site's prefix that are never the site folder's: the uploads, when UPLOADS_BUCKET
 * shares the site's bucket (no route lives under /uploads), and hidden keys such as the bucket's
 * state record. A reconcile neither compares nor deletes them.
 */
export function isForeignSiteKey(key: string): boolean {
  return key === 'uploads' || key.startsWith('uploads/') || key.split('/').some((segment) => segment.startsWith('.'));
}

const NOT_FOUND_FILES = new Set(Object.values(NOT_FOUND_ROUTES).map(routeFile));

/**
 * The key a file of the site folder is stored under, or undefined for a file the bucket does not
 * hold. A bucket and the CDN in front of it send one object per URL, so a page is stored under its
 * one URL (`kyoto/guide/index.html` as `kyoto/guide`; only the home page keeps `index.html`, the
 * bucket's index document), and its `.br` and `.gz` copies are left out: the CDN compresses what
 * it sends (docs/operations.md). Hidden files are a write in progress.
 */
export function siteObjectKey(file: string): string | undefined {
  if (file.split('/').some((segment) => segment === '' || segment.startsWith('.'))) return undefined;
  if (compressedOriginal(file) !== undefined) return undefined;
  if (file.endsWith('/index.html')) return file.slice(0, -'/index.html'.length);
  if (isForeignSiteKey(file)) return undefined;
  return file;
}

/** The URL path a key of the site's bucket is read at (for purges). */
export function siteKeyPath(key: string): string {
  return key === 'index.html' ? '/' : `/${key}`;
}

/** The headers a file of the site folder is stored with: those the server sends it with. */
export function siteObjectHeaders(file: string): Pick<BucketObject, 'contentType' | 'cacheControl'> {
  return { contentType: contentTypeOf(file), cacheControl: NOT_FOUND_FILES.has(file) ? NOT_FOUND_CACHE : siteCacheControl(file) };
}

/**
 * A redirect's objects as `_redirects` lists them, by key: `/post/x /kyoto/x 301` is key `post/x` to
 * `/kyoto/x`. Only 301s, to a path here or an http(s) address elsewhere: a bucket answers a
 * redirect object with a 301 whatever it was meant as, so an editor's 302 is left to the CDNs
 * that read `_redirects` and to the server, never stored as a permanent move.
 */
export function parseRedirects(text: string): Map<string, string> {
  const redirects = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (from?.startsWith('/') && to !== undefined && /^(?:\/|https?:\/\/)/.test(to) && status === '301') redirects.set(from.slice(1), to);
  }
  return redirects;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The object a 301 is stored as. A bucket's website endpoint (and a CDN using it as origin)
 * answers its redirect location with a 301; a client reading the object as it is (an origin that
 * ignores the metadata) still gets a page that leads there, and search engines its canonical link.
 */
export function redirectObject(to: string): BucketObject {
  const href = escapeAttribute(to);
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Moved</title><link rel="canonical" href="${href}"><meta http-equiv="refresh" content="0; url=${href}"><p><a href="${href}">${href}</a></p></html>\n`;
  return { body: Buffer.from(body), contentType: 'text/html; charset=utf-8', cacheControl: redirectCacheControl(''), redirect: to };
}

/** The files of the site folder a key may be stored from, in the order a request would find them. */
function candidateFiles(key: string): string[] {
  return key === 'index.html' ? [key] : [`${key}/index.html`, key];
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

/** The file of the site folder stored under `key`, if there is one now. */
async function siteFileOfKey(siteDir: string, key: string): Promise<string | undefined> {
  for (const file of candidateFiles(key)) if (siteObjectKey(file) === key && (await isFile(join(siteDir, file)))) return file;
  return undefined;
}

/**
 * What the bucket must hold under `key` for the site folder as it is now: the file stored there,
 * else the redirect `_redirects` lists for it, else nothing (the key is deleted).
 */
export async function desiredSiteObject(siteDir: string, key: string, redirects: Map<string, string>): Promise<BucketObject | undefined> {
  const file = await siteFileOfKey(siteDir, key);
  if (file !== undefined) {
    const body = await readFile(join(siteDir, file)).catch(() => undefined);
    if (body) return { body, ...siteObjectHeaders(file) };
  }
  const to = redirects.get(key);
  return to === undefined ? undefined : redirectObject(to);
}

/** The site folder's redirects now (none before the first render). */
export async function siteRedirects(siteDir: string): Promise<Map<string, string>> {
  return parseRedirects(await readFile(join(siteDir, REDIRECTS_KEY), 'utf8').catch(() => ''));
}

/** What an upload is stored with: its type, and kept for good (its name is its content's hash). */
export function uploadObjectHeaders(name: string): Pick<BucketObject, 'contentType' | 'cacheControl'> {
  return { contentType: contentTypeOf(name), cacheControl: IMMUTABLE };
}

/** Whether a file of the upload folder belongs in the uploads bucket (not a hidden file of an upload in progress). */
export function isUploadKey(name: string): boolean {
  return name !== '' && !name.includes('/') && !name.startsWith('.');
}
