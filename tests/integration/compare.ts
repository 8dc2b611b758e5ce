import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { distPaths, ensureFullRender } from '@forkcast/admin-api';
import { createDb, snapshotDb, type Db } from '@forkcast/content-db';
import { BUILT, copyBuiltAssets, SITE } from './support.ts';

/** Every file under a folder, relative path -> bytes. */
export function readTree(dir: string): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(
    files.map((entry) => [relative(dir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name))]),
  );
}

/** The paths whose bytes differ between two trees, or that only one has. */
export function treeDifferences(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const differences: string[] = [];
  for (const [path, bytes] of a) if (!b.has(path) || !b.get(path)!.equals(bytes)) differences.push(path);
  for (const path of b.keys()) if (!a.has(path)) differences.push(path);
  return differences.sort();
}

/**
 * Renders a fresh full build from a snapshot of `db` (taken with VACUUM INTO, so the live database
 * is untouched) into a new folder, and returns its files.
 */
export async function fullBuildOf(db: Db): Promise<Map<string, Buffer>> {
  const dir = mkdtempSync(join(tmpdir(), 'forkcast-full-'));
  try {
    const snapshot = join(dir, 'snapshot.db');
    await snapshotDb(db, snapshot);
    const copy = createDb(snapshot);
    const dist = { ...distPaths(join(dir, 'dist')), serverDir: BUILT.serverDir, serverEntry: BUILT.serverEntry };
    copyBuiltAssets(dist.siteDir);
    await ensureFullRender({ db: copy, dist, site: SITE, force: true });
    await copy.destroy();
    return readTree(dist.siteDir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
