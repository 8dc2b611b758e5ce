import { randomUUID } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FocalPoint } from '@forkcast/shared/contracts';
import { cardFocus, cardRegion, parseCardName, SOCIAL_CARD, uploadCardName } from '@forkcast/shared/social-card';
import { errors } from '../errors.ts';
import { loadSharp } from '../uploads/sharp.ts';

/**
 * Cuts an upload's JPEG master to its 1200x630 social card around `focal`, as rounded in the card's
 * name, so the same master and name always give the same bytes. A master smaller than a card is
 * enlarged to fill it: the card is the size every network asks for.
 */
export async function renderCard(master: Uint8Array, focal: FocalPoint): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height } = await sharp(master).metadata();
  const focus = cardFocus(focal);
  return sharp(master)
    .extract(cardRegion({ width, height }, { x: focus.x / 1000, y: focus.y / 1000 }))
    .resize(SOCIAL_CARD.width, SOCIAL_CARD.height, { fit: 'cover' })
    .jpeg({ quality: 82, mozjpeg: true, progressive: true })
    .toBuffer();
}

const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

const missing = (error: NodeJS.ErrnoException) => {
  if (error.code === 'ENOENT') return undefined;
  throw error;
};

/**
 * Makes the card of the upload at `uploadPath` around `focal` in the uploads folder, unless it is
 * there already. Written under a hidden temporary name and renamed into place, so nothing serves it
 * half-written. Answers the card's file name, or undefined when the folder holds no JPEG master
 * (a library restored without its files): there is nothing to cut then.
 */
export async function makeCard(uploadDir: string, uploadPath: string, focal: FocalPoint): Promise<string | undefined> {
  const name = uploadCardName(uploadPath, focal);
  if (name === undefined) return undefined;
  const card = join(uploadDir, name);
  // One made before (a focal point moved back) is made young again, so the sweep leaves it alone.
  if (await stat(card).catch(missing)) {
    const now = new Date();
    await utimes(card, now, now);
    return name;
  }
  const master = await readFile(join(uploadDir, uploadPath.slice('/uploads/'.length))).catch(missing);
  // A master is always a JPEG (process-image.ts); anything else in its place is nothing to cut.
  if (!master || !isJpeg(master)) return undefined;
  const temp = join(uploadDir, `.${name}.${randomUUID()}.tmp`);
  try {
    await writeFile(temp, await renderCard(master, focal));
    await rename(temp, card);
  } catch (error) {
    if (['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException).code ?? '')) {
      throw errors.noRoom('The server has no room left to store the social card of this image; nothing was changed.');
    }
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
  return name;
}

/** A library item as its card is made from: the master's path and its focal point. */
export interface CardSource {
  path: string;
  focalX: number;
  focalY: number;
}

/**
 * Makes every card of `items` that the uploads folder lacks while it holds the master: after a
 * backup is restored, an uploads folder is copied in, or an import names focal points. Answers the
 * names of the cards it made. One listing of the folder answers which are there.
 */
export async function ensureCards(uploadDir: string, items: readonly CardSource[]): Promise<string[]> {
  const present = new Set(await readdir(uploadDir).catch(() => [] as string[]));
  const made: string[] = [];
  for (const item of items) {
    const name = uploadCardName(item.path, { x: item.focalX, y: item.focalY });
    if (name === undefined || present.has(name) || !present.has(item.path.slice('/uploads/'.length))) continue;
    if (await makeCard(uploadDir, item.path, { x: item.focalX, y: item.focalY })) {
      made.push(name);
      present.add(name);
    }
  }
  return made;
}

/**
 * The cards in the uploads folder that no library item names now (a focal point since moved, an
 * item deleted), older than `before`: a card younger than that may belong to a write still under way.
 */
export async function staleCards(uploadDir: string, items: readonly CardSource[], before: number): Promise<string[]> {
  const current = new Set(items.map((item) => uploadCardName(item.path, { x: item.focalX, y: item.focalY })));
  const stale: string[] = [];
  for (const name of await readdir(uploadDir).catch(() => [] as string[])) {
    if (parseCardName(name) === undefined || current.has(name)) continue;
    const info = await stat(join(uploadDir, name)).catch(missing);
    if (info && info.mtimeMs < before) stale.push(name);
  }
  return stale.sort();
}

/** Every card of the upload at `uploadPath` in the uploads folder, whatever its focal point. */
export async function cardsOf(uploadDir: string, uploadPath: string): Promise<string[]> {
  const hash = uploadPath.slice('/uploads/'.length, -'.jpg'.length);
  const names = await readdir(uploadDir).catch(() => [] as string[]);
  return names.filter((name) => parseCardName(name)?.master === `${hash}.jpg`).sort();
}
