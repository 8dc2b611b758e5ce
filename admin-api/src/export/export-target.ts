import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';

/**
 * Where `path` (relative to the working folder) leads once every symbolic link on the way is
 * followed, as the system would follow them when writing there; the part that does not exist yet
 * is appended as written.
 */
export async function resolveThroughLinks(path: string): Promise<string> {
  let resolved = await realpath(isAbsolute(path) ? sep : process.cwd());
  let exists = true;
  for (const part of path.split(sep)) {
    if (part === '' || part === '.') continue;
    // `resolved` has no links in it, so joining '..' to it goes where the system would.
    const next = join(resolved, part);
    if (exists) {
      try {
        resolved = await realpath(next);
        continue;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
        exists = false;
      }
    }
    resolved = next;
  }
  return resolved;
}

/** Whether `inner` is `outer` or lies somewhere under it (both resolved). */
function isWithin(inner: string, outer: string): boolean {
  const path = relative(outer, inner);
  return path === '' || (path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path));
}

export interface DeploymentFolders {
  siteDir: string;
  uploadDir: string;
  databasePath: string;
}

/**
 * Why `to` cannot be an export folder, or undefined when it can. It must not be, or be inside,
 * UPLOAD_DIR (the copy would be served under /uploads and backed up), the site folder (served) or
 * the database's folder, nor hold one of them (the export would copy a folder into itself).
 * Symbolic links are followed. The database's folder counts only when it is a data folder: one
 * holding the site folder is the checkout itself (DATABASE_PATH=content.db), where dist/export belongs.
 */
export async function exportTargetProblem(to: string, folders: DeploymentFolders): Promise<string | undefined> {
  const target = await resolveThroughLinks(to);
  const site = await resolveThroughLinks(folders.siteDir);
  const kept = [
    { name: `UPLOAD_DIR (${folders.uploadDir})`, path: await resolveThroughLinks(folders.uploadDir), copied: true },
    { name: `the site folder (${folders.siteDir})`, path: site, copied: true },
  ];
  const databaseDir = dirname(folders.databasePath);
  const database = await resolveThroughLinks(databaseDir);
  if (!isWithin(site, database)) kept.push({ name: `the database's folder (${databaseDir})`, path: database, copied: false });
  for (const { name, path, copied } of kept) {
    if (target === path) return `${to} is ${name}: name a new folder outside it`;
    if (isWithin(target, path)) return `${to} is inside ${name}: name a new folder outside it`;
    if (isWithin(path, target)) {
      return `${to} holds ${name}${copied ? ', which the export would copy into itself' : ''}: name a new folder outside it`;
    }
  }
  return undefined;
}
