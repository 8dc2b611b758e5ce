import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { BucketTarget } from '@forkcast/content-db';
import { listSiteFiles } from '../publisher/site-folder.ts';
import type { BucketStore } from './bucket-store.ts';
import { isForeignSiteKey, isUploadKey, redirectObject, siteObjectKey, siteRedirects } from './site-objects.ts';

/** The keys whose objects a bucket lacks or holds other bytes under (`put`), and those it holds and should not (`deleted`). */
export interface BucketDifference {
  put: string[];
  deleted: string[];
}

export interface ReconcileTargets {
  site?: { store: BucketStore; siteDir: string };
  uploads?: { store: BucketStore; uploadDir: string };
}

const md5 = (bytes: Buffer | string) => createHash('md5').update(bytes).digest('hex');
// An ETag is quoted; for an object put in one request it is the MD5 of its bytes.
const etagDigest = (etag: string) => etag.replace(/"/g, '').toLowerCase();

/** The MD5 of every object the site's bucket should hold, by key: the folder's files, and its redirects. */
async function desiredSiteDigests(siteDir: string): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const file of await listSiteFiles(siteDir)) {
    const key = siteObjectKey(file);
    if (key !== undefined && !digests.has(key)) digests.set(key, md5(await readFile(join(siteDir, file))));
  }
  for (const [key, to] of await siteRedirects(siteDir))
    if (!digests.has(key) && !isForeignSiteKey(key)) digests.set(key, md5(redirectObject(to).body));
  return digests;
}

/**
 * Lists a bucket and compares it with its folder. The site's bucket must hold exactly the folder's
 * objects, compared by MD5 (`everything` counts every one as differing, for headers that changed);
 * the uploads' bucket must hold every upload, compared by name and size, as an upload's name is the
 * hash of its content. Uploads are never deleted from their bucket: a box that lost its folder
 * must not empty the bucket readers' pages point into.
 */
export async function bucketDifference(
  target: BucketTarget,
  targets: ReconcileTargets,
  { everything = false }: { everything?: boolean } = {},
): Promise<BucketDifference> {
  if (target === 'site') {
    const site = targets.site;
    if (!site) return { put: [], deleted: [] };
    const desired = await desiredSiteDigests(site.siteDir);
    const put = new Set(everything ? desired.keys() : []);
    const deleted: string[] = [];
    const listed = new Set<string>();
    for await (const object of site.store.list()) {
      if (isForeignSiteKey(object.key)) continue;
      listed.add(object.key);
      const digest = desired.get(object.key);
      if (digest === undefined) deleted.push(object.key);
      else if (digest !== etagDigest(object.etag)) put.add(object.key);
    }
    for (const key of desired.keys()) if (!listed.has(key)) put.add(key);
    return { put: [...put].sort(), deleted: deleted.sort() };
  }
  const uploads = targets.uploads;
  if (!uploads) return { put: [], deleted: [] };
  const local = new Map<string, number>();
  for (const entry of await readdir(uploads.uploadDir, { withFileTypes: true }).catch(() => [])) {
    if (entry.isFile() && isUploadKey(entry.name)) local.set(entry.name, (await stat(join(uploads.uploadDir, entry.name))).size);
  }
  const put = new Set(everything ? local.keys() : []);
  const listed = new Map<string, number>();
  for await (const object of uploads.store.list()) listed.set(object.key, object.size);
  for (const [name, size] of local) if (listed.get(name) !== size) put.add(name);
  return { put: [...put].sort(), deleted: [] };
}
