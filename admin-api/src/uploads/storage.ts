import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProcessedImage } from './process-image.ts';

/**
 * Writes a processed image's files into the upload folder. Each file is written under a temporary
 * name and renamed into place only when all of them are written, so a failure leaves no file
 * behind. Names are content hashes made by us, never the client's file name.
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
    throw error;
  }
  return `/uploads/${image.name}.jpg`;
}
