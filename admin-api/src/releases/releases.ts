import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { compressedOriginal, isRenderedFile } from '@forkcast/shared/urls';
import { distPaths } from '../publisher/site-build.ts';
import { compressBuildFiles, listSiteFiles, syncFileSystem, syncFolder } from '../publisher/site-folder.ts';

/**
 * Releases: `astro build` empties its output folder before it writes, and on a live host that
 * folder holds the site nginx serves. So every build goes into a folder of its own under
 * `.builds/`, and `dist` is a symlink to the build being served. Promoting a build carries the
 * served site's pages (and the assets they load) into it, then points `dist` at it with one
 * rename, so a reader gets the old site, whole, until that moment and the same pages after it.
 * The next start renders the site with the new build, page by page over the carried ones.
 */
export const BUILDS_FOLDER = '.builds';

/** The list of the files `astro build` wrote into a build's site folder, kept beside it. */
const BUILD_FILES = 'build-files.json';

/** Earlier builds kept after a promotion: the one a server started before it may still be running from, and one more. */
const KEEP_PREVIOUS = 2;

/** A new, unused folder for a build, named so that builds sort by the time they began. */
export function newBuildDir(root: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '-').slice(0, 19);
  return join(root, BUILDS_FOLDER, `${stamp}-${randomBytes(3).toString('hex')}`);
}

async function readBuildFiles(buildDir: string): Promise<Set<string> | undefined> {
  try {
    return new Set(JSON.parse(await readFile(join(buildDir, BUILD_FILES), 'utf8')) as string[]);
  } catch {
    return undefined;
  }
}

/**
 * Whether a file of the served site goes on into the new build's site folder: the pages and feeds
 * the publisher rendered, and the hashed assets of the build that rendered them (a page the old
 * build wrote, or a CDN still holds, loads them). Files of public/ come from the new build alone,
 * and assets older builds left behind are not carried again.
 */
function carried(file: string, ownAssets: Set<string> | undefined): boolean {
  // Files inside hidden folders too (the site folder's listing leaves out hidden files only).
  if (file.split('/').some((segment) => segment.startsWith('.'))) return false;
  if (isRenderedFile(file)) return true;
  const original = compressedOriginal(file) ?? file;
  return original.startsWith('_astro/') && (ownAssets === undefined || ownAssets.has(original));
}

/** Hard-links (or, across file systems, copies) a file; a file the publisher rewrites is replaced by rename, so the two never share a change. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    await copyFile(from, to);
  }
}

/** Links the served build's pages and its own assets into the new build's site folder; returns how many files. */
async function carryOver(served: string, siteDir: string, ownFiles: string[]): Promise<number> {
  const from = distPaths(served).siteDir;
  if (!existsSync(from)) return 0;
  const own = new Set(ownFiles);
  const ownAssets = await readBuildFiles(served);
  let count = 0;
  for (const file of await listSiteFiles(from)) {
    if (own.has(file) || !carried(file, ownAssets)) continue;
    await linkOrCopy(join(from, file), join(siteDir, file));
    count += 1;
  }
  return count;
}

/** Points the symlink `linkPath` at `target` in one rename, so no reader ever finds it missing. */
async function pointLink(linkPath: string, target: string): Promise<void> {
  const temp = join(dirname(linkPath), `.${randomBytes(6).toString('hex')}.link`);
  await symlink(relative(dirname(linkPath), target), temp);
  try {
    await rename(temp, linkPath);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(dirname(linkPath));
}

export interface Promotion {
  /** Files of the served site carried into the new build. */
  carried: number;
  /** Builds removed as older than the ones kept. */
  removed: string[];
}

/**
 * Makes `buildDir`, a finished `astro build` output, the one `dist` serves. A `dist` that is still
 * a plain folder (a build before releases, or a bare `astro build`) becomes a build of its own
 * first. Everything is on disk before `dist` moves.
 */
export async function promoteBuild({ root, buildDir }: { root: string; buildDir: string }): Promise<Promotion> {
  const distLink = join(root, 'dist');
  const builds = join(root, BUILDS_FOLDER);
  const next = distPaths(buildDir);
  const ownFiles = await listSiteFiles(next.siteDir);
  await writeFile(join(buildDir, BUILD_FILES), `${JSON.stringify(ownFiles)}\n`);

  let served: string | undefined;
  if (existsSync(distLink) && !lstatSync(distLink).isSymbolicLink()) {
    // Named to sort before every dated build, as it is older than all of them.
    served = join(builds, `0-unversioned-${randomBytes(3).toString('hex')}`);
    await mkdir(builds, { recursive: true });
    // Once per deployment, the folder is moved and linked back at once: the only moment `dist` is missing.
    await rename(distLink, served);
    await symlink(relative(root, served), distLink);
  } else if (existsSync(distLink)) {
    served = await realpath(distLink);
  }

  const count = served !== undefined && served !== (await realpath(buildDir)) ? await carryOver(served, next.siteDir, ownFiles) : 0;
  // The compressed copies of the new build's own assets, so it serves them compressed at once.
  await compressBuildFiles(next.siteDir, { durable: false });
  await syncFileSystem(buildDir);
  await pointLink(distLink, buildDir);
  return { carried: count, removed: await pruneBuilds(builds, buildDir) };
}

/** Removes the builds older than the promoted one and the KEEP_PREVIOUS before it; newer ones (a build under way) stay. */
async function pruneBuilds(builds: string, promoted: string): Promise<string[]> {
  const name = relative(builds, promoted);
  const older = (await readdir(builds)).filter((entry) => !entry.startsWith('.') && entry < name).sort();
  const removed = older.slice(0, Math.max(0, older.length - KEEP_PREVIOUS));
  for (const entry of removed) await rm(join(builds, entry), { recursive: true, force: true });
  return removed;
}
