import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSetting, pendingOutbox, SETTING, setSetting } from '@forkcast/content-db';
import { createTestApp, json, type TestApp } from '../testing.ts';

const INVALID_MESSAGE = 'Give the image as an http(s) URL or an uploaded image.';

describe('/api/hero', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  const outboxTags = async () => (await pendingOutbox(t.handle.db)).map((entry) => entry.tags);
  // The hero's version is versioned-writes.test.ts's business.
  const readHero = async () => {
    const res = await t.request('/api/hero/image');
    expect(res.status).toBe(200);
    const { heroImage } = (await res.json()) as { heroImage: string | null };
    return { heroImage };
  };
  const update = (imageUrl: unknown, cookie?: string) => t.request('/api/hero/update-image', json('POST', { imageUrl }, cookie));

  describe('GET /api/hero/image', () => {
    it('is {heroImage: null} on an empty database', async () => {
      const res = await t.request('/api/hero/image');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ heroImage: null, version: 0 });
    });

    it('returns the stored setting', async () => {
      await setSetting(t.handle.db, SETTING.homepageHeroImage, '/images/stored.jpg', '2025-01-01T00:00:00.000Z');
      expect(await readHero()).toEqual({ heroImage: '/images/stored.jpg' });
    });

    it('returns the value after an update, to visitors too', async () => {
      const cookie = await t.signIn();
      expect((await update('https://cdn.example/first.jpg', cookie)).status).toBe(200);
      expect(await readHero()).toEqual({ heroImage: 'https://cdn.example/first.jpg' });
      expect((await update('/uploads/second.jpg', cookie)).status).toBe(200);
      expect(await readHero()).toEqual({ heroImage: '/uploads/second.jpg' });
    });
  });

  describe('POST /api/hero/update-image', () => {
    it('is 401 for a visitor and changes nothing', async () => {
      const res = await update('https://cdn.example/new.jpg');
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Sign in to continue.', code: 'unauthorized' });
      expect(await readHero()).toEqual({ heroImage: null });
      expect(await outboxTags()).toEqual([]);
    });

    it('is 401 with a cookie that is not a live session', async () => {
      const res = await update('https://cdn.example/new.jpg', 'forkcast_session=forged');
      expect(res.status).toBe(401);
      expect(await readHero()).toEqual({ heroImage: null });
    });

    it.each(['https://cdn.example/new.jpg', 'http://cdn.example/a/b.png?v=2', '/uploads/x.jpg', '/images/x.jpg'])(
      'accepts %s and answers {imageUrl}',
      async (imageUrl) => {
        const cookie = await t.signIn();
        const res = await update(imageUrl, cookie);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ imageUrl, version: expect.any(Number) });
        expect(await getSetting(t.handle.db, SETTING.homepageHeroImage)).toBe(imageUrl);
      },
    );

    it('stores the address trimmed', async () => {
      const cookie = await t.signIn();
      const res = await update('  /images/x.jpg  ', cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ imageUrl: '/images/x.jpg', version: expect.any(Number) });
      expect(await readHero()).toEqual({ heroImage: '/images/x.jpg' });
    });

    it("records exactly the settings' tags in the outbox, once per update", async () => {
      const cookie = await t.signIn();
      await update('/images/a.jpg', cookie);
      const both = ['setting:homepage_hero_alt', 'setting:homepage_hero_image'];
      expect(await outboxTags()).toEqual([both]);
      await update('/images/b.jpg', cookie);
      expect(await outboxTags()).toEqual([both, both]);
    });

    const updateWithAlt = (imageUrl: string, alt: unknown, cookie: string) =>
      t.request('/api/hero/update-image', json('POST', { imageUrl, alt }, cookie));

    it('stores the alt text next to the image, trimmed', async () => {
      const cookie = await t.signIn();
      const res = await updateWithAlt('/images/presets/food-plating.jpg', '  Food Plating ', cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ imageUrl: '/images/presets/food-plating.jpg', version: expect.any(Number) });
      expect(await getSetting(t.handle.db, SETTING.homepageHeroAlt)).toBe('Food Plating');
    });

    it('never keeps the old alt text: a new image without one is decorative', async () => {
      const cookie = await t.signIn();
      await updateWithAlt('/uploads/first.jpg', 'Market stalls at dawn', cookie);
      expect((await update('/uploads/second.jpg', cookie)).status).toBe(200);
      expect(await getSetting(t.handle.db, SETTING.homepageHeroImage)).toBe('/uploads/second.jpg');
      expect(await getSetting(t.handle.db, SETTING.homepageHeroAlt)).toBe('');
    });

    it.each([
      ['longer than 300 characters', 'a'.repeat(301), 'Alt text can be at most 300 characters.'],
      ['not text', ['a'], 'Alt text must be text.'],
    ])('refuses alt text %s with a 400 and writes nothing', async (_label, alt, message) => {
      const cookie = await t.signIn();
      await setSetting(t.handle.db, SETTING.homepageHeroImage, '/images/kept.jpg', '2025-01-01T00:00:00.000Z');
      await setSetting(t.handle.db, SETTING.homepageHeroAlt, 'Kept description', '2025-01-01T00:00:00.000Z');
      const res = await updateWithAlt('/uploads/new.jpg', alt, cookie);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message, code: 'validation' });
      expect(await getSetting(t.handle.db, SETTING.homepageHeroImage)).toBe('/images/kept.jpg');
      expect(await getSetting(t.handle.db, SETTING.homepageHeroAlt)).toBe('Kept description');
      expect(await outboxTags()).toEqual([]);
    });

    it.each([
      ['javascript:', 'javascript:alert(1)'],
      ['data:', 'data:image/png;base64,iVBORw0KGgo='],
      ['relative', 'foo.jpg'],
      ['protocol-relative', '//evil.example/x.jpg'],
      ['path traversal', '/images/../secret'],
      ['empty', ''],
      ['whitespace only', '  '],
      ['other folder', '/api/hero/image'],
      ['not a string', 7],
      ['missing', undefined],
    ])('refuses a %s address with a 400 and writes nothing', async (_label, imageUrl) => {
      const cookie = await t.signIn();
      await setSetting(t.handle.db, SETTING.homepageHeroImage, '/images/kept.jpg', '2025-01-01T00:00:00.000Z');
      const res = await update(imageUrl, cookie);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: INVALID_MESSAGE, code: 'validation' });
      expect(await readHero()).toEqual({ heroImage: '/images/kept.jpg' });
      expect(await outboxTags()).toEqual([]);
    });

    it('refuses a body that is not JSON', async () => {
      const cookie = await t.signIn();
      const res = await t.request('/api/hero/update-image', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{not json',
        cookie,
      });
      expect(res.status).toBe(400);
      expect(await readHero()).toEqual({ heroImage: null });
      expect(await outboxTags()).toEqual([]);
    });

    it('refuses a cross-site request with 403', async () => {
      const cookie = await t.signIn();
      const res = await t.request('/api/hero/update-image', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
        body: JSON.stringify({ imageUrl: '/images/evil.jpg' }),
        cookie,
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'cross_site' });
      expect(await readHero()).toEqual({ heroImage: null });
      expect(await outboxTags()).toEqual([]);
    });
  });
});
