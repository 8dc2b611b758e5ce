import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardFocus, cardRegion, parseCardName, PRESET_IMAGES, presetCardPath, uploadCardName } from './social-card';

const MASTER = { width: 2400, height: 1600 };

describe('cardRegion', () => {
  it('takes the widest 1200:630 band of a landscape image, centred on the focal point', () => {
    expect(cardRegion(MASTER, { x: 0.5, y: 0.5 })).toEqual({ left: 0, top: 170, width: 2400, height: 1260 });
    expect(cardRegion(MASTER, { x: 0.5, y: 0.6 })).toEqual({ left: 0, top: 330, width: 2400, height: 1260 });
  });

  it('keeps the region inside the image when the focal point is in a corner', () => {
    expect(cardRegion(MASTER, { x: 0, y: 0 })).toEqual({ left: 0, top: 0, width: 2400, height: 1260 });
    expect(cardRegion(MASTER, { x: 1, y: 1 })).toEqual({ left: 0, top: 340, width: 2400, height: 1260 });
    // A panorama is cut at its sides instead.
    const panorama = { width: 3000, height: 630 };
    expect(cardRegion(panorama, { x: 0, y: 0 })).toEqual({ left: 0, top: 0, width: 1200, height: 630 });
    expect(cardRegion(panorama, { x: 1, y: 1 })).toEqual({ left: 1800, top: 0, width: 1200, height: 630 });
    expect(cardRegion(panorama, { x: 0.25, y: 0.9 })).toEqual({ left: 150, top: 0, width: 1200, height: 630 });
  });

  it('cuts a portrait image across its whole width, around the focal point', () => {
    const portrait = { width: 1000, height: 2000 };
    expect(cardRegion(portrait, { x: 0.5, y: 0.5 })).toEqual({ left: 0, top: 738, width: 1000, height: 525 });
    expect(cardRegion(portrait, { x: 0.9, y: 0.1 })).toEqual({ left: 0, top: 0, width: 1000, height: 525 });
    expect(cardRegion(portrait, { x: 0.1, y: 1 })).toEqual({ left: 0, top: 1475, width: 1000, height: 525 });
  });

  it('gives an image smaller than a card a region of the same shape, to be enlarged', () => {
    expect(cardRegion({ width: 600, height: 400 }, { x: 0.5, y: 0.5 })).toEqual({ left: 0, top: 43, width: 600, height: 315 });
    expect(cardRegion({ width: 300, height: 100 }, { x: 1, y: 0 })).toEqual({ left: 110, top: 0, width: 190, height: 100 });
    expect(cardRegion({ width: 1, height: 1 }, { x: 0.3, y: 0.8 })).toEqual({ left: 0, top: 0, width: 1, height: 1 });
  });
});

describe('card names', () => {
  const upload = '/uploads/0123456789abcdef01234567.jpg';

  it("names an upload's card by its content hash and the focal point in thousandths", () => {
    expect(uploadCardName(upload, { x: 0.5, y: 0.5 })).toBe('0123456789abcdef01234567-og-500-500.jpg');
    expect(uploadCardName(upload, { x: 0, y: 1 })).toBe('0123456789abcdef01234567-og-0-1000.jpg');
    // Focal points a card cannot tell apart share its file, and its pixels.
    expect(uploadCardName(upload, { x: 0.2501, y: 0.7 })).toBe(uploadCardName(upload, { x: 0.25, y: 0.7 }));
  });

  it('reads a name back into what made it, and nothing else', () => {
    const name = uploadCardName(upload, { x: 0.2, y: 0.71 })!;
    expect(parseCardName(name)).toEqual({ master: '0123456789abcdef01234567.jpg', focal: { x: 0.2, y: 0.71 } });
    expect(cardFocus(parseCardName(name)!.focal)).toEqual({ x: 200, y: 710 });
    for (const other of [
      '0123456789abcdef01234567.jpg',
      '0123456789abcdef01234567-640.webp',
      '0123456789abcdef01234567-og-1001-0.jpg',
      'x-og-1-1.jpg',
    ])
      expect(parseCardName(other)).toBeUndefined();
  });

  it('names no card for images that are not our own', () => {
    for (const src of [
      'https://example.com/a.jpg',
      '/images/posts/bakery.jpg',
      '/uploads/abc.jpg',
      '/uploads/0123456789abcdef01234567-640.webp',
    ])
      expect(uploadCardName(src, { x: 0.5, y: 0.5 })).toBeUndefined();
    expect(presetCardPath('/images/posts/bakery.jpg')).toBeUndefined();
    expect(presetCardPath('/images/presets/unknown.jpg')).toBeUndefined();
    expect(presetCardPath('/images/presets/food-plating.jpg')).toBe('/images/presets/food-plating-og.jpg');
  });

  it('lists every preset we ship, each with its card beside it', () => {
    const files = readdirSync(join(import.meta.dirname, '..', '..', '..', 'public', 'images', 'presets'));
    expect(files.filter((file) => /^[a-z-]+(?<!-og)\.jpg$/.test(file)).map((file) => file.slice(0, -'.jpg'.length))).toEqual([
      ...PRESET_IMAGES,
    ]);
    for (const name of PRESET_IMAGES) expect(files).toContain(`${name}-og.jpg`);
  });
});
