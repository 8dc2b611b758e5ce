import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPost } from '@forkcast/content-db/testing';
import { cardRegion } from '@forkcast/shared/social-card';
import { fullBuildOf, readTree, treeDifferences } from './compare.ts';
import { publishingSite, SITE, type PublishingSite } from './support.ts';

const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const ROUTE = '/post/harbour-walk';
// The picture's point of interest, a red square, sits at a quarter of its width and 80% down.
const FOCAL = { x: 0.25, y: 0.8 };

/** A 2400x1600 grey photo with a red square on the focal point: what a crop keeps in view is plain to see. */
function markedPhoto(): Promise<Buffer> {
  const square = { create: { width: 120, height: 120, channels: 3 as const, background: '#e00000' } };
  return sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#6a7f8c' } })
    .composite([{ input: square, left: 2400 * FOCAL.x - 60, top: 1600 * FOCAL.y - 60 }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The page's share image tags, by property (og:image, og:image:width, twitter:image, ...). */
function shareTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="((?:og|twitter):image[:\w]*)" content="([^"]*)"/g))
    tags[key!] = value!;
  return tags;
}

describe('social cards: the share image of a page, cut to 1200x630 around its focal point', () => {
  let site: PublishingSite;
  let upload: string;
  let mediaId: number;
  const uploadDir = () => join(site.dist.distDir, 'uploads');
  const fileOf = (url: string) => join(uploadDir(), new URL(url).pathname.slice('/uploads/'.length));

  beforeAll(async () => {
    site = await publishingSite(async ({ db }) => {
      await insertTestPost(db, 'harbour-walk');
    });
    const form = new FormData();
    form.append('image', new File([new Uint8Array(await markedPhoto())], 'harbour.jpg', { type: 'image/jpeg' }));
    ({ url: upload } = (await (await site.request('/api/upload', { method: 'POST', body: form })).json()) as { url: string });
    mediaId = (await site.handle.db.selectFrom('media').select('id').where('path', '=', upload).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => site?.cleanup());

  it("names the card of an upload used as a post's hero, which is in the uploads folder", async () => {
    expect((await site.request('/api/posts/harbour-walk/hero-image', json('PATCH', { heroImage: upload }))).status).toBe(200);
    const tags = shareTags(site.page(ROUTE));
    const card = `${SITE.publicHost}${upload.slice(0, -'.jpg'.length)}-og-500-500.jpg`;
    expect(tags).toEqual({
      'og:image': card,
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'Title of harbour-walk',
      'twitter:image': card,
      'twitter:image:alt': 'Title of harbour-walk',
    });
    expect(existsSync(fileOf(card))).toBe(true);
  });

  it('points at a new crop around a new focal point, whose pixels are that crop of the master', async () => {
    const response = await site.request(`/api/media/${mediaId}`, json('PATCH', { alt: 'Boats at the harbour wall', focalPoint: FOCAL }));
    expect(response.status).toBe(200);
    const tags = shareTags(site.page(ROUTE));
    expect(tags['og:image']).toBe(`${SITE.publicHost}${upload.slice(0, -'.jpg'.length)}-og-250-800.jpg`);

    const card = await sharp(readFileSync(fileOf(tags['og:image']!)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(card.info).toMatchObject({ width: 1200, height: 630 });
    const master = readFileSync(join(uploadDir(), upload.slice('/uploads/'.length)));
    const { width, height } = await sharp(master).metadata();
    const expected = await sharp(master).extract(cardRegion({ width, height }, FOCAL)).resize(1200, 630).raw().toBuffer();
    let difference = 0;
    for (let i = 0; i < expected.length; i++) difference += Math.abs(expected[i]! - card.data[i]!);
    expect(difference / expected.length, 'mean difference per channel from the expected crop').toBeLessThan(3);
    // The red square is kept in view: the band is pushed up from the bottom edge (rows 340..1600).
    const at = (470 * 1200 + 300) * card.info.channels;
    expect([...card.data.subarray(at, at + 3)].map((value) => value > 150)).toEqual([true, false, false]);
    expect(treeDifferences(readTree(site.dist.siteDir), await fullBuildOf(site.handle.db))).toEqual([]);
  });

  it("names the card of a post's own share image, a preset's shipped card, and other images as they are", async () => {
    const post = (await site.handle.db.selectFrom('posts').select('id').where('slug', '=', 'harbour-walk').executeTakeFirstOrThrow()).id;
    await site.request(
      '/api/posts/harbour-walk/hero-image',
      json('PATCH', { heroImage: '/images/presets/food-plating.jpg', alt: 'Plated' }),
    );
    expect(shareTags(site.page(ROUTE))).toMatchObject({
      'og:image': `${SITE.publicHost}/images/presets/food-plating-og.jpg`,
      'og:image:width': '1200',
      'og:image:alt': 'Plated',
    });
    expect(existsSync(join(site.dist.siteDir, 'images', 'presets', 'food-plating-og.jpg'))).toBe(true);

    // A share image of its own is not the hero the post describes: the library's alt text describes it.
    expect((await site.request(`/api/posts/${post}`, json('PATCH', { ogImage: upload }))).status).toBe(200);
    expect(shareTags(site.page(ROUTE))).toMatchObject({
      'og:image': `${SITE.publicHost}${upload.slice(0, -'.jpg'.length)}-og-250-800.jpg`,
      'og:image:alt': 'Boats at the harbour wall',
    });

    const elsewhere = 'https://images.example/harbour.jpg';
    expect((await site.request(`/api/posts/${post}`, json('PATCH', { ogImage: elsewhere }))).status).toBe(200);
    const tags = shareTags(site.page(ROUTE));
    expect(tags['og:image']).toBe(elsewhere);
    expect(tags['og:image:width']).toBeUndefined();
  });
});
