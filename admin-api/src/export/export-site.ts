import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { countPendingOutbox, getSetting, latestPublishId, SETTING, type Db } from '@forkcast/content-db';
import { renderedDatabaseId, type DistPaths } from '../publisher/site-build.ts';
import { exportTargetProblem } from './export-target.ts';

export interface ExportOptions {
  db: Db;
  /** Where the site folder is, and the record of which database it was rendered from. */
  dist: DistPaths;
  uploadDir: string;
  /** The database file: the export stays out of its folder. */
  databasePath: string;
  /** The folder to write; it must not exist or be empty, nor overlap the site folder, the uploads or the database's folder. */
  to: string;
  /** How many times to copy again when a publish lands during the copy. */
  attempts?: number;
}

/** The site folder cannot be exported as it is; nothing was written. */
export class ExportRefused extends Error {
  override name = 'ExportRefused';
}

// Hidden files are a write in progress (`.x.tmp`) or not the site's; the server never serves them either.
const visibleUnder = (root: string) => (source: string) => source === root || !basename(source).startsWith('.');

async function countFiles(dir: string): Promise<number> {
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
}

/**
 * Copies the site folder and the uploads (under `uploads/`) into `to`: every page, feed, redirects
 * file, asset and image, as one self-contained folder that any static host or object store can
 * serve. The copy must show one publish: it is refused while changes wait to be published, and
 * made again when a publish finishes during it.
 */
export async function exportSite(options: ExportOptions): Promise<{ files: number }> {
  const overlap = await exportTargetProblem(options.to, { ...options, siteDir: options.dist.siteDir });
  if (overlap) throw new ExportRefused(overlap);
  if (existsSync(options.to) && (await readdir(options.to)).length > 0) {
    throw new ExportRefused(`${options.to} is not empty: name a new folder`);
  }
  const { siteDir } = options.dist;
  const renderedFrom = await renderedDatabaseId(options.dist);
  if (renderedFrom === undefined || !existsSync(join(siteDir, 'index.html'))) {
    throw new ExportRefused(`${siteDir} holds no complete render: run make build (or make start) first`);
  }
  if (renderedFrom !== (await getSetting(options.db, SETTING.databaseId))) {
    throw new ExportRefused(`${siteDir} was not rendered from this database: render it with make build first`);
  }
  for (let attempt = 0; attempt < (options.attempts ?? 5); attempt++) {
    const pending = await countPendingOutbox(options.db);
    if (pending > 0) {
      throw new ExportRefused(
        `${pending === 1 ? 'a change is' : `${pending} changes are`} not published yet: start the server, which publishes them, or run make build`,
      );
    }
    const before = await latestPublishId(options.db);
    await rm(options.to, { recursive: true, force: true });
    await cp(siteDir, options.to, { recursive: true, filter: visibleUnder(siteDir) });
    await mkdir(join(options.to, 'uploads'), { recursive: true });
    if (existsSync(options.uploadDir)) {
      await cp(options.uploadDir, join(options.to, 'uploads'), { recursive: true, filter: visibleUnder(options.uploadDir) });
    }
    if ((await latestPublishId(options.db)) === before && (await countPendingOutbox(options.db)) === 0) {
      return { files: await countFiles(options.to) };
    }
  }
  await rm(options.to, { recursive: true, force: true });
  throw new ExportRefused('the site kept changing while it was copied: try again when fewer edits are being made');
}
