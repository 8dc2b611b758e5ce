import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errors } from '../errors.ts';
import type { ProcessedImage } from './process-image.ts';

/** A file being written: `.<final name>.<uuid>.tmp`, hidden, so nothing serves it half-written. */
const TEMP_FILE = /^\..+\.tmp$/;
// The file system has no room left for the upload (or the owner's quota is used up).
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT']);

/**
 * Writes a processed image's files into the upload folder. Each file is written under a temporary
 * name and renamed into place only when all of them are written, so a failure leaves no file
 * behind (a full disk is answered 507, saying so). Names are content hashes made by us, never the
 * client's file name.
 */
export async function storeImage(uploadDir: string, image: ProcessedImage): Promise<string> {
  await mkdir(uploadDir, { recursive: true });
  const staged: [string, string][] = [];
  try {
    for (const [name, bytes] of image.files) {
      const temp = join(uploadDir, `.${name}.${randomUUID()}.tmp`);
      staged.push([temp, join(uploadDir, name)]);
      await writeFile(temp, bytes);
    }
    for (const [temp, final] of staged) await rename(temp, final);
  } catch (error) {
    await Promise.all(staged.map(([temp]) => rm(temp, { force: true })));
    if (NO_ROOM.has((error as NodeJS.ErrnoException).code ?? '')) {
      throw errors.noRoom(
        'The server has no room left to store this image; nothing was saved. Ask whoever runs it to free some disk space.',
      );
    }
    throw error;
  }
  return `/uploads/${image.name}.jpg`;
}

/**
 * Removes the temporary files of uploads that a crash (kill -9, power loss) cut short. Only one
 * server writes the folder, so at its start none of them is still being written. Returns how
 * many it removed.
 */
export async function removeStaleUploadTemps(uploadDir: string): Promise<number> {
  const entries = await readdir(uploadDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const stale = entries.filter((entry) => entry.isFile() && TEMP_FILE.test(entry.name));
  await Promise.all(stale.map((entry) => rm(join(uploadDir, entry.name), { force: true })));
  return stale.length;
}
