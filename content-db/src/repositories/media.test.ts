import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { trackReads, trackWrites } from '../tracking.ts';
import { useTempDb } from '../testing.ts';
import { recordMedia, socialCardOf, updateMedia } from './media.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const UPLOAD = '/uploads/0123456789abcdef01234567.jpg';

describe('social cards', () => {
  let db: Db;
  let id: number;
  useTempDb(async (fresh) => {
    db = fresh;
    id = await recordMedia(
      db,
      { path: UPLOAD, originalName: 'harbour.jpg', bytes: 1, width: 2400, height: 1600, mime: 'image/jpeg', createdBy: null },
      T0,
    );
  });

  it("names an upload's crop around its focal point, with its alt text, and the page reads the image's tag", async () => {
    await updateMedia(db, id, { alt: 'The harbour at dawn', focalPoint: { x: 0.25, y: 0.8 } });
    const { result, tags } = await trackReads(() => socialCardOf(db, UPLOAD));
    expect(result).toEqual({
      url: '/uploads/0123456789abcdef01234567-og-250-800.jpg',
      width: 1200,
      height: 630,
      alt: 'The harbour at dawn',
    });
    expect(tags).toEqual([`media:${UPLOAD}`]);
  });

  it("names a preset's shipped card, and none for images that are not ours", async () => {
    expect(await socialCardOf(db, '/images/presets/food-plating.jpg')).toEqual({
      url: '/images/presets/food-plating-og.jpg',
      width: 1200,
      height: 630,
      alt: '',
    });
    for (const src of ['https://example.com/a.jpg', '/images/posts/bakery.jpg', '/uploads/fedcba9876543210fedcba98.jpg'])
      expect(await socialCardOf(db, src)).toBeUndefined();
  });

  it('re-renders the pages of an image whose focal point or alt text changed, and not for the same values', async () => {
    const change = (values: Parameters<typeof updateMedia>[2]) => trackWrites(() => updateMedia(db, id, values));
    expect((await change({ alt: 'Boats' })).tags).toEqual([`media:${UPLOAD}`]);
    expect((await change({ alt: 'Boats', focalPoint: { x: 0.5, y: 0.5 } })).tags).toEqual([]);
    expect((await change({ focalPoint: { x: 0.5, y: 0.2 } })).tags).toEqual([`media:${UPLOAD}`]);
  });
});
