import { readFile } from 'node:fs/promises';
import type { SiteGeneration } from '@forkcast/content-db';
import { writeFileAtomic } from './site-folder.ts';

/** The publish generation a site folder shows, as its last publish or full render recorded it; undefined when none did. */
export async function readFolderGeneration(path: string): Promise<SiteGeneration | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<SiteGeneration>;
    return typeof parsed.generation === 'number' && typeof parsed.id === 'string'
      ? { generation: parsed.generation, id: parsed.id }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records that the site folder shows `generation`, with the publisher's own discipline (temporary
 * file, fsync, rename, the folder's fsync): a crash leaves the old record or the new, never half.
 * It is written only after the generation's transaction committed, so the folder never claims a
 * generation its database has not got, unless the database is an older copy.
 */
export function writeFolderGeneration(path: string, generation: SiteGeneration): Promise<void> {
  return writeFileAtomic(path, `${JSON.stringify(generation)}\n`);
}
