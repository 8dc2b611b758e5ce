import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCards, makeCard, renderCard, staleCards } from './cards.ts';

const HASH = '0123456789abcdef01234567';
const MASTER = `/uploads/${HASH}.jpg`;

/** A grey JPEG of `width` x `height` with a red square of `side` px centred on (x, y). */
function markedJpeg(width: number, height: number, mark: { x: number; y: number; side: number }): Promise<Buffer> {
  const square = { input: { create: { width: mark.side, height: mark.side, channels: 3 as const, background: '#ff0000' } } };
  return sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .composite([{ ...square, left: mark.x - mark.side / 2, top: mark.y - mark.side / 2 }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The colour of the card at (x, y). */
async function pixel(card: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(card).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}
const red = (rgb: number[]) => rgb[0]! > 200 && rgb[1]! < 60 && rgb[2]! < 60;

describe('social cards', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'forkcast-cards-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('cuts a 1200x630 card around the focal point, clamped at the edges', async () => {
    // Focal point (0.25, 0.8) of 2400x1600: the band of 1260 rows is pushed up from the bottom
    // edge (rows 340..1600), so the point lands at x 300, y (1280 - 340) / 2 = 470 of the card.
    const card = await renderCard(await markedJpeg(2400, 1600, { x: 600, y: 1280, side: 80 }), { x: 0.25, y: 0.8 });
    expect(await sharp(card).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(red(await pixel(card, 300, 470))).toBe(true);
    expect(red(await pixel(card, 600, 315))).toBe(false);
  });

  it('enlarges a small image, and cuts a portrait one across its width', async () => {
    const small = await renderCard(await markedJpeg(300, 200, { x: 150, y: 100, side: 20 }), { x: 0.5, y: 0.5 });
    expect(await sharp(small).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(red(await pixel(small, 600, 315))).toBe(true);
    // 600x1200, focal point at the top: rows 0..315 of it, the mark at y 60 -> 120 of the card.
    const portrait = await renderCard(await markedJpeg(600, 1200, { x: 300, y: 60, side: 40 }), { x: 0.5, y: 0 });
    expect(red(await pixel(portrait, 600, 120))).toBe(true);
  });

  it('makes a card once, only from a master in the folder, and remakes the ones missing', async () => {
    writeFileSync(join(dir, `${HASH}.jpg`), await markedJpeg(1600, 900, { x: 800, y: 450, side: 40 }));
    expect(await makeCard(dir, MASTER, { x: 0.5, y: 0.5 })).toBe(`${HASH}-og-500-500.jpg`);
    expect(await makeCard(dir, '/uploads/fedcba9876543210fedcba98.jpg', { x: 0.5, y: 0.5 })).toBeUndefined();
    const items = [
      { path: MASTER, focalX: 0.5, focalY: 0.5 },
      { path: MASTER, focalX: 0.1, focalY: 0.9 },
      { path: '/uploads/fedcba9876543210fedcba98.jpg', focalX: 0.5, focalY: 0.5 },
    ];
    expect(await ensureCards(dir, items)).toEqual([`${HASH}-og-100-900.jpg`]);
    expect(await ensureCards(dir, items)).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual([`${HASH}-og-100-900.jpg`, `${HASH}-og-500-500.jpg`, `${HASH}.jpg`]);
    // A focal point moved back to an old card's: the card is made young again, out of the sweep's reach.
    const old = new Date(Date.now() - 5 * 86_400_000);
    utimesSync(join(dir, `${HASH}-og-500-500.jpg`), old, old);
    await makeCard(dir, MASTER, { x: 0.5, y: 0.5 });
    expect(statSync(join(dir, `${HASH}-og-500-500.jpg`)).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
  });

  it('names as stale only the cards no item names, once they are old enough', async () => {
    const now = Date.now();
    const old = new Date(now - 2 * 86_400_000);
    utimesSync(join(dir, `${HASH}-og-100-900.jpg`), old, old);
    const items = [{ path: MASTER, focalX: 0.5, focalY: 0.5 }];
    expect(await staleCards(dir, items, now - 86_400_000)).toEqual([`${HASH}-og-100-900.jpg`]);
    // The centred card is young: a write may be about to name it.
    expect(await staleCards(dir, [], now - 86_400_000)).toEqual([`${HASH}-og-100-900.jpg`]);
  });
});
