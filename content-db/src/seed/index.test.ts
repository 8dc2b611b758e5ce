import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { getCityBySlug, listCities, updateCity } from '../repositories/cities.ts';
import { countPosts, deletePost, getPostBySlug, listPosts, updatePost } from '../repositories/posts.ts';
import { listRestaurants } from '../repositories/restaurants.ts';
import { getSetting, SETTING, setSetting } from '../repositories/settings.ts';
import { createTempDb, insertTestUser, type TempDb } from '../testing.ts';
import { DEFAULT_HOMEPAGE_HERO, loadSeedContent, seed, seedIfNew, type SeedCity, type SeedPost } from './index.ts';
import { seedCitySchema, seedPostSchema } from './schema.ts';
import { EMPTY_SEO } from '@forkcast/shared/seo';

// ---------------------------------------------------------------------------------------------
// Fixture builders: small but valid seed files, following seed/FORMAT.md and seed/schema.ts.
// ---------------------------------------------------------------------------------------------

const SEED_TIME = '2024-11-01T00:00:00.000Z';

function makeRestaurants(citySlug: string, count: number): SeedCity['restaurants'] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${citySlug} stop ${i + 1}`,
    day: Math.floor(i / 3) + 1,
    neighborhood: 'Old Town',
    cuisine: 'Local',
    meal: (['breakfast', 'lunch', 'dinner'] as const)[i % 3]!,
    notes: `Stop number ${i + 1}.`,
    address: `${i + 1} Market Street`,
    url: i % 2 === 0 ? `https://example.com/${citySlug}/${i + 1}` : null,
    lat: i % 3 === 0 ? null : 40 + i / 100,
    lng: i % 3 === 0 ? null : -3 - i / 100,
  }));
}

function makeSeedCity(slug: string, overrides: Partial<SeedCity> = {}): SeedCity {
  return {
    slug,
    name: slug[0]!.toUpperCase() + slug.slice(1),
    country: 'Testland',
    description: `Eating well in ${slug}.`,
    heroImage: `/images/cities/${slug}.jpg`,
    heroAlt: `A street in ${slug}`,
    mapEmbedUrl: `https://www.openstreetmap.org/export/embed.html?bbox=1%2C2%2C3%2C4&layer=mapnik`,
    itineraryUrl: `/itineraries/${slug}.csv`,
    displayOrder: 0,
    guide: {
      slug: `${slug}-food-guide`,
      title: `The ${slug} food guide`,
      excerpt: `Where to eat in ${slug}.`,
      content: `First paragraph.\n\n## Heading\n\nSecond paragraph.`,
      tags: [slug, 'guide'],
      publishedAt: '2025-03-14T09:00:00.000Z',
      createdAt: '2025-03-10T09:00:00.000Z',
      updatedAt: '2025-06-02T09:00:00.000Z',
    },
    restaurants: makeRestaurants(slug, 8),
    ...overrides,
  };
}

function makeSeedPost(slug: string, overrides: Partial<SeedPost> = {}): SeedPost {
  return {
    slug,
    title: `Post ${slug}`,
    excerpt: `About ${slug}.`,
    content: 'One.\n\nTwo.',
    heroImage: `/images/posts/${slug}.jpg`,
    heroAlt: `Food for ${slug}`,
    citySlug: null,
    tags: ['food'],
    published: true,
    publishedAt: '2025-01-20T08:00:00.000Z',
    createdAt: '2025-01-18T08:00:00.000Z',
    updatedAt: '2025-01-20T08:00:00.000Z',
    ...overrides,
  };
}

/** Writes a seed folder: `files` maps 'cities/x.json' or 'posts/y.json' to an object (or raw text). */
function writeSeedDir(dir: string, files: Record<string, unknown>): string {
  mkdirSync(join(dir, 'cities'), { recursive: true });
  mkdirSync(join(dir, 'posts'), { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

/** The standard fixture: two cities, one post in a city, one without, and a draft. */
function standardFixture(): Record<string, unknown> {
  return {
    'cities/alpha.json': makeSeedCity('alpha', { displayOrder: 2, restaurants: makeRestaurants('alpha', 15) }),
    'cities/beta.json': makeSeedCity('beta', { displayOrder: 1, mapEmbedUrl: null, itineraryUrl: null }),
    'posts/alpha-noodles.json': makeSeedPost('alpha-noodles', { citySlug: 'alpha', tags: ['noodles', 'alpha'] }),
    'posts/wandering.json': makeSeedPost('wandering', { citySlug: null, publishedAt: '2025-02-01T08:00:00.000Z' }),
    'posts/beta-draft.json': makeSeedPost('beta-draft', { citySlug: 'beta', published: false, publishedAt: null }),
  };
}

// ---------------------------------------------------------------------------------------------

describe('seed module', () => {
  let handle: TempDb;
  let db: Db;
  let seedDir: string;
  beforeEach(async () => {
    handle = await createTempDb();
    db = handle.db;
    seedDir = mkdtempSync(join(tmpdir(), 'forkcast-seed-'));
  });
  afterEach(async () => {
    rmSync(seedDir, { recursive: true, force: true });
    await handle.cleanup();
  });

  describe('loadSeedContent', () => {
    it('reads cities and posts in file-name order and ignores files that are not JSON', () => {
      writeSeedDir(seedDir, { ...standardFixture(), 'posts/README.md': '# not seed', 'cities/notes.txt': 'ignored' });
      const content = loadSeedContent(seedDir);
      expect(content.cities.map((city) => city.slug)).toEqual(['alpha', 'beta']);
      expect(content.posts.map((post) => post.slug)).toEqual(['alpha-noodles', 'beta-draft', 'wandering']);
      expect(content.cities[0]?.restaurants).toHaveLength(15);
    });

    it('returns empty lists for empty folders', () => {
      writeSeedDir(seedDir, {});
      expect(loadSeedContent(seedDir)).toEqual({ cities: [], posts: [], pages: [] });
    });

    it('throws naming the file and the problem for an invalid city file', () => {
      const tooFew = makeSeedCity('gamma', { restaurants: makeRestaurants('gamma', 7) });
      writeSeedDir(seedDir, { ...standardFixture(), 'cities/gamma.json': tooFew });
      expect(() => loadSeedContent(seedDir)).toThrow(join(seedDir, 'cities', 'gamma.json'));
      expect(() => loadSeedContent(seedDir)).toThrow(/Invalid seed file .*gamma\.json: restaurants:/);
    });

    it('throws naming the file and the field for an invalid post file', () => {
      writeSeedDir(seedDir, {
        ...standardFixture(),
        'posts/half-published.json': makeSeedPost('half-published', { published: true, publishedAt: null }),
      });
      expect(() => loadSeedContent(seedDir)).toThrow(join(seedDir, 'posts', 'half-published.json'));
      expect(() => loadSeedContent(seedDir)).toThrow(/publishedAt: a published post needs publishedAt/);
    });

    it('names a nested field path, e.g. a restaurant’s meal', () => {
      const city = makeSeedCity('gamma');
      city.restaurants[3] = { ...city.restaurants[3]!, meal: 'brunch' as 'lunch' };
      writeSeedDir(seedDir, { 'cities/gamma.json': city });
      expect(() => loadSeedContent(seedDir)).toThrow(/gamma\.json: restaurants\.3\.meal:/);
    });

    it('throws naming the post and the city when a post names an unknown city', () => {
      writeSeedDir(seedDir, { ...standardFixture(), 'posts/lost.json': makeSeedPost('lost', { citySlug: 'atlantis' }) });
      expect(() => loadSeedContent(seedDir)).toThrow("Seed post 'lost' names an unknown city 'atlantis'");
    });

    it('throws for two posts with the same slug', () => {
      writeSeedDir(seedDir, {
        ...standardFixture(),
        'posts/copy-of-wandering.json': makeSeedPost('wandering', { title: 'A copy' }),
      });
      expect(() => loadSeedContent(seedDir)).toThrow("Seed content has two posts with the slug 'wandering'");
    });

    it('throws when a post reuses a city guide’s slug', () => {
      writeSeedDir(seedDir, { ...standardFixture(), 'posts/clash.json': makeSeedPost('alpha-food-guide') });
      expect(() => loadSeedContent(seedDir)).toThrow("Seed content has two posts with the slug 'alpha-food-guide'");
    });

    it('throws when two cities share a guide slug', () => {
      const gamma = makeSeedCity('gamma');
      writeSeedDir(seedDir, {
        ...standardFixture(),
        'cities/gamma.json': { ...gamma, guide: { ...gamma.guide, slug: 'beta-food-guide' } },
      });
      expect(() => loadSeedContent(seedDir)).toThrow("Seed content has two posts with the slug 'beta-food-guide'");
    });

    it('throws for two cities with the same slug', () => {
      const twin = makeSeedCity('alpha');
      writeSeedDir(seedDir, {
        ...standardFixture(),
        'cities/alpha-2.json': { ...twin, guide: { ...twin.guide, slug: 'alpha-second-guide' } },
      });
      expect(() => loadSeedContent(seedDir)).toThrow(/alpha/);
    });

    it('throws naming the file for a file that is not valid JSON', () => {
      writeSeedDir(seedDir, { ...standardFixture(), 'posts/broken.json': '{ "slug": "broken", }' });
      expect(() => loadSeedContent(seedDir)).toThrow(/broken\.json/);
    });
  });

  describe('seed schema', () => {
    it('accepts 8 to 15 restaurants per city and nothing outside that range', () => {
      for (const count of [8, 15]) {
        expect(seedCitySchema.safeParse(makeSeedCity('x', { restaurants: makeRestaurants('x', count) })).success).toBe(true);
      }
      for (const count of [0, 7, 16]) {
        expect(seedCitySchema.safeParse(makeSeedCity('x', { restaurants: makeRestaurants('x', count) })).success).toBe(false);
      }
    });

    it('requires lowercase hyphenated slugs and image paths under /images/', () => {
      expect(seedCitySchema.safeParse(makeSeedCity('x', { slug: 'San-Francisco' })).success).toBe(false);
      expect(seedCitySchema.safeParse(makeSeedCity('x', { slug: 'san--francisco' })).success).toBe(false);
      expect(seedCitySchema.safeParse(makeSeedCity('x', { slug: 'san-francisco-2' })).success).toBe(true);
      expect(seedCitySchema.safeParse(makeSeedCity('x', { heroImage: 'https://cdn.example.com/a.jpg' })).success).toBe(false);
      expect(seedPostSchema.safeParse(makeSeedPost('x', { heroImage: '/images/posts/a.gif' })).success).toBe(false);
      expect(seedPostSchema.safeParse(makeSeedPost('x', { heroImage: '/images/posts/deep/a.webp' })).success).toBe(true);
    });

    it('requires https for map embeds and https or a site path for itineraries, or null', () => {
      expect(seedCitySchema.safeParse(makeSeedCity('x', { mapEmbedUrl: 'http://example.com/map' })).success).toBe(false);
      expect(seedCitySchema.safeParse(makeSeedCity('x', { mapEmbedUrl: 'https://example.com/map' })).success).toBe(false);
      expect(seedCitySchema.safeParse(makeSeedCity('x', { mapEmbedUrl: null, itineraryUrl: null })).success).toBe(true);
      expect(seedCitySchema.safeParse(makeSeedCity('x', { itineraryUrl: 'https://docs.example.com/x' })).success).toBe(true);
      expect(seedCitySchema.safeParse(makeSeedCity('x', { itineraryUrl: 'itineraries/x.csv' })).success).toBe(false);
    });

    it('accepts coordinates in range, both or neither, and reads missing ones as null', () => {
      const withStop = (stop: Record<string, unknown>) => {
        const city = makeSeedCity('x');
        return seedCitySchema.safeParse({ ...city, restaurants: [stop, ...city.restaurants.slice(1)] });
      };
      const { lat: _lat, lng: _lng, ...plain } = makeSeedCity('x').restaurants[0]!;
      const parsed = withStop(plain);
      expect(parsed.success && [parsed.data.restaurants[0]!.lat, parsed.data.restaurants[0]!.lng]).toEqual([null, null]);
      expect(withStop({ ...plain, lat: -90, lng: 180 }).success).toBe(true);
      expect(withStop({ ...plain, lat: 37.76, lng: -122.42 }).success).toBe(true);
      for (const bad of [
        { lat: 37.76 },
        { lng: -122.42 },
        { lat: 37.76, lng: null },
        { lat: 90.01, lng: 0 },
        { lat: 0, lng: -180.5 },
        { lat: '37.76', lng: '-122.42' },
      ]) {
        expect(withStop({ ...plain, ...bad }).success, JSON.stringify(bad)).toBe(false);
      }
    });

    it('requires a draft to have no publishedAt and a published post to have one', () => {
      expect(seedPostSchema.safeParse(makeSeedPost('x', { published: false, publishedAt: null })).success).toBe(true);
      expect(seedPostSchema.safeParse(makeSeedPost('x', { published: false })).success).toBe(false);
      expect(seedPostSchema.safeParse(makeSeedPost('x', { published: true, publishedAt: null })).success).toBe(false);
    });

    it('rejects blank text, empty tag lists and non-ISO dates', () => {
      expect(seedPostSchema.safeParse(makeSeedPost('x', { title: '   ' })).success).toBe(false);
      expect(seedPostSchema.safeParse(makeSeedPost('x', { tags: [] })).success).toBe(false);
      expect(seedPostSchema.safeParse(makeSeedPost('x', { createdAt: '2025-01-18' })).success).toBe(false);
    });
  });

  describe('seed', () => {
    it('inserts the cities with their fields, timestamps taken from the guide', async () => {
      const content = loadSeedContent(writeSeedDir(seedDir, standardFixture()));
      const result = await seed(db, content);
      expect(result).toEqual({ citiesAdded: 2, postsAdded: 5, pagesAdded: 0 });

      // listCities follows displayOrder: beta (1) before alpha (2).
      expect((await listCities(db)).map((city) => city.slug)).toEqual(['beta', 'alpha']);
      const source = content.cities[0]!;
      const { guide, restaurants: _restaurants, ...fields } = source;
      expect(await getCityBySlug(db, 'alpha')).toEqual({
        id: expect.any(Number),
        ...fields,
        spreadsheetUrl: null,
        createdAt: guide.createdAt,
        updatedAt: guide.updatedAt,
      });
      expect(await getCityBySlug(db, 'beta')).toMatchObject({ mapEmbedUrl: null, itineraryUrl: null });
    });

    it('inserts each city’s guide as a published guide with the city’s hero', async () => {
      const content = loadSeedContent(writeSeedDir(seedDir, standardFixture()));
      await seed(db, content);
      const alpha = await getCityBySlug(db, 'alpha');
      const guide = await getPostBySlug(db, 'alpha-food-guide');
      const source = content.cities[0]!;
      expect(guide).toEqual({
        id: expect.any(Number),
        ...source.guide,
        heroImage: source.heroImage,
        heroAlt: source.heroAlt,
        type: 'guide',
        cityId: alpha!.id,
        published: true,
        publishAt: null,
        reviewAt: null,
        status: 'published',
        authorIds: [],
        ...EMPTY_SEO,
      });
      expect(await countPosts(db, { type: 'guide', publishedOnly: true })).toBe(2);
    });

    it('inserts restaurants in their file order with every field', async () => {
      const content = loadSeedContent(writeSeedDir(seedDir, standardFixture()));
      await seed(db, content);
      const alpha = await getCityBySlug(db, 'alpha');
      const rows = await listRestaurants(db, alpha!.id);
      expect(rows).toHaveLength(15);
      expect(rows.map(({ id: _id, cityId: _cityId, position: _position, ...rest }) => rest)).toEqual(content.cities[0]!.restaurants);
      expect(rows.map((row) => row.position)).toEqual(Array.from({ length: 15 }, (_, i) => i));
      const beta = await getCityBySlug(db, 'beta');
      expect((await listRestaurants(db, beta!.id)).map((row) => row.name)).toEqual(content.cities[1]!.restaurants.map((r) => r.name));
    });

    it('inserts dining posts with their city ids, null for a post without a city, drafts kept as drafts', async () => {
      const content = loadSeedContent(writeSeedDir(seedDir, standardFixture()));
      await seed(db, content);
      const alpha = await getCityBySlug(db, 'alpha');
      const beta = await getCityBySlug(db, 'beta');

      const { citySlug: _citySlug, ...noodleFields } = content.posts.find((post) => post.slug === 'alpha-noodles')!;
      expect(await getPostBySlug(db, 'alpha-noodles')).toEqual({
        id: expect.any(Number),
        ...noodleFields,
        type: 'post',
        cityId: alpha!.id,
        publishAt: null,
        reviewAt: null,
        status: 'published',
        authorIds: [],
        ...EMPTY_SEO,
      });
      expect(await getPostBySlug(db, 'wandering')).toMatchObject({ type: 'post', cityId: null, published: true });
      expect(await getPostBySlug(db, 'beta-draft')).toMatchObject({ type: 'post', cityId: beta!.id, published: false, publishedAt: null });
      expect(await countPosts(db, { type: 'post' })).toBe(3);
      expect(await countPosts(db, { type: 'post', publishedOnly: true })).toBe(2);
    });

    it("makes every seeded post the owner's", async () => {
      const content = loadSeedContent(writeSeedDir(seedDir, standardFixture()));
      const owner = await insertTestUser(db, 'owner');
      await seed(db, { ...content, posts: content.posts.slice(0, 1), cities: [] });
      expect((await getPostBySlug(db, content.posts[0]!.slug))?.authorIds).toEqual([owner]);
    });

    it('seeding twice adds nothing', async () => {
      const content = loadSeedContent(writeSeedDir(seedDir, standardFixture()));
      await seed(db, content);
      const snapshot = async () => ({
        cities: await db.selectFrom('cities').selectAll().orderBy('id').execute(),
        posts: await db.selectFrom('posts').selectAll().orderBy('id').execute(),
        restaurants: await db.selectFrom('restaurants').selectAll().orderBy('id').execute(),
        settings: await db.selectFrom('settings').selectAll().execute(),
      });
      const before = await snapshot();
      expect(await seed(db, content)).toEqual({ citiesAdded: 0, postsAdded: 0, pagesAdded: 0 });
      expect(await snapshot()).toEqual(before);
    });

    it('never overwrites an editor’s changes', async () => {
      const content = loadSeedContent(writeSeedDir(seedDir, standardFixture()));
      await seed(db, content);
      const post = await getPostBySlug(db, 'alpha-noodles');
      const city = await getCityBySlug(db, 'alpha');
      await updatePost(db, post!.id, { title: 'Edited title', published: false, updatedAt: '2026-01-01T00:00:00.000Z' });
      await updateCity(db, city!.id, { description: 'Edited description', updatedAt: '2026-01-01T00:00:00.000Z' });

      await seed(db, content);

      expect(await getPostBySlug(db, 'alpha-noodles')).toMatchObject({ title: 'Edited title', published: false });
      expect((await getCityBySlug(db, 'alpha'))?.description).toBe('Edited description');
    });

    it('adds only what is missing, linking new posts to cities seeded earlier', async () => {
      const first = loadSeedContent(writeSeedDir(seedDir, { 'cities/alpha.json': makeSeedCity('alpha') }));
      expect(await seed(db, first)).toEqual({ citiesAdded: 1, postsAdded: 1, pagesAdded: 0 });

      const full = loadSeedContent(writeSeedDir(seedDir, standardFixture()));
      expect(await seed(db, full)).toEqual({ citiesAdded: 1, postsAdded: 4, pagesAdded: 0 });
      const alpha = await getCityBySlug(db, 'alpha');
      expect((await getPostBySlug(db, 'alpha-noodles'))?.cityId).toBe(alpha!.id);
      expect(await countPosts(db)).toBe(5);
      expect(await listRestaurants(db, alpha!.id)).toHaveLength(8);
    });

    it('sets the homepage hero to the default once, at the fixed seed time', async () => {
      const content = loadSeedContent(writeSeedDir(seedDir, standardFixture()));
      expect(await getSetting(db, SETTING.homepageHeroImage)).toBeUndefined();
      await seed(db, content);
      expect(await db.selectFrom('settings').selectAll().execute()).toEqual([
        { key: SETTING.homepageHeroImage, value: DEFAULT_HOMEPAGE_HERO, updatedAt: SEED_TIME },
      ]);

      await setSetting(db, SETTING.homepageHeroImage, '/images/presets/chosen.jpg', '2026-01-01T00:00:00.000Z');
      await seed(db, content);
      expect(await getSetting(db, SETTING.homepageHeroImage)).toBe('/images/presets/chosen.jpg');
    });

    it('keeps a homepage hero chosen before the first seed', async () => {
      await setSetting(db, SETTING.homepageHeroImage, '/images/presets/early.jpg', '2024-01-01T00:00:00.000Z');
      await seed(db, { cities: [], posts: [] });
      expect(await getSetting(db, SETTING.homepageHeroImage)).toBe('/images/presets/early.jpg');
    });

    it('sets the homepage hero even when there is no content', async () => {
      expect(await seed(db, { cities: [], posts: [] })).toEqual({ citiesAdded: 0, postsAdded: 0, pagesAdded: 0 });
      expect(await getSetting(db, SETTING.homepageHeroImage)).toBe(DEFAULT_HOMEPAGE_HERO);
    });

    it('runs in one transaction: a failure part-way leaves the database untouched', async () => {
      const content = loadSeedContent(writeSeedDir(seedDir, standardFixture()));
      // Bypass loadSeedContent's checks to make the last insert fail on the unique slug.
      const broken = { ...content, posts: [...content.posts, makeSeedPost('alpha-noodles', { title: 'Duplicate' })] };
      await expect(seed(db, broken)).rejects.toThrow(/UNIQUE/);
      expect(await listCities(db)).toEqual([]);
      expect(await listPosts(db)).toEqual([]);
      expect(await getSetting(db, SETTING.homepageHeroImage)).toBeUndefined();
    });

    it('produces identical rows in two fresh databases', async () => {
      const content = loadSeedContent(writeSeedDir(seedDir, standardFixture()));
      const other = await createTempDb();
      try {
        await seed(db, content);
        await seed(other.db, content);
        for (const table of ['cities', 'posts', 'restaurants', 'settings'] as const) {
          const a = await db.selectFrom(table).selectAll().execute();
          const b = await other.db.selectFrom(table).selectAll().execute();
          expect(b).toEqual(a);
        }
      } finally {
        await other.cleanup();
      }
    });
  });

  describe('seedIfNew', () => {
    it('seeds a new database and records when', async () => {
      const content = loadSeedContent(writeSeedDir(seedDir, standardFixture()));
      expect(await seedIfNew(db, content)).toEqual({ citiesAdded: 2, postsAdded: 5, pagesAdded: 0 });
      expect(await getSetting(db, SETTING.seededAt)).toBe('2024-11-01T00:00:00.000Z');
    });

    it('leaves a seeded database alone, so a post the editor deleted stays deleted', async () => {
      const content = loadSeedContent(writeSeedDir(seedDir, standardFixture()));
      await seedIfNew(db, content);
      const victim = (await listPosts(db, { type: 'post' }))[0]!;
      await deletePost(db, victim.id);
      expect(await seedIfNew(db, content)).toEqual({ citiesAdded: 0, postsAdded: 0, pagesAdded: 0 });
      expect(await getPostBySlug(db, victim.slug)).toBeUndefined();
    });
  });

  // The product's content rules, checked against the seed folder shipped in the repository.
  describe('the real seed folder', () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    const REQUIRED_CITIES = ['san-francisco', 'london', 'lisbon', 'vienna', 'kyoto', 'osaka', 'athens', 'oahu', 'portland'];
    const MAP_CITIES = ['athens', 'london', 'oahu', 'osaka', 'portland', 'san-francisco'];

    it('loads and validates', () => {
      expect(() => loadSeedContent()).not.toThrow();
    });

    it('has at least 12 cities, including the required ones, each with 8-15 restaurants', () => {
      const { cities } = loadSeedContent();
      expect(cities.length).toBeGreaterThanOrEqual(12);
      const slugs = cities.map((city) => city.slug);
      for (const slug of REQUIRED_CITIES) expect(slugs).toContain(slug);
      for (const city of cities) {
        expect(city.restaurants.length, city.slug).toBeGreaterThanOrEqual(8);
        expect(city.restaurants.length, city.slug).toBeLessThanOrEqual(15);
      }
    });

    it('has map embeds for exactly san-francisco, athens, oahu, osaka, london and portland', () => {
      const { cities } = loadSeedContent();
      const withMap = cities
        .filter((city) => city.mapEmbedUrl !== null)
        .map((city) => city.slug)
        .sort();
      expect(withMap).toEqual(MAP_CITIES);
    });

    it('pins every place of the cities with a map, near the area that map shows', () => {
      const { cities } = loadSeedContent();
      for (const city of cities.filter((c) => MAP_CITIES.includes(c.slug))) {
        const [west, south, east, north] = decodeURIComponent(/bbox=([^&]+)/.exec(city.mapEmbedUrl!)![1]!)
          .split(',')
          .map(Number) as [number, number, number, number];
        const [lat0, lng0] = [(south + north) / 2, (west + east) / 2];
        for (const stop of city.restaurants) {
          expect(stop.lat !== null && stop.lng !== null, `${city.slug}: ${stop.name}`).toBe(true);
          // Within 60 km of the area map's centre (Oahu's North Shore stops are the farthest).
          const km = Math.hypot((stop.lat! - lat0) * 111, (stop.lng! - lng0) * 111 * Math.cos((lat0 * Math.PI) / 180));
          expect(km, `${city.slug}: ${stop.name}`).toBeLessThan(60);
        }
        expect(new Set(city.restaurants.map((stop) => `${stop.lat},${stop.lng}`)).size, city.slug).toBe(city.restaurants.length);
      }
    });

    it('has itinerary URLs for at least the required cities', () => {
      const { cities } = loadSeedContent();
      const withItinerary = new Set(cities.filter((city) => city.itineraryUrl !== null).map((city) => city.slug));
      for (const slug of REQUIRED_CITIES) expect(withItinerary.has(slug), slug).toBe(true);
    });

    it('continues Kyoto’s description after "techniques." and Osaka’s after "tradition."', () => {
      const { cities } = loadSeedContent();
      const description = (slug: string) => cities.find((city) => city.slug === slug)?.description ?? '';
      expect(description('kyoto')).toMatch(/techniques\.\s*\S/);
      expect(description('osaka')).toMatch(/tradition\.\s*\S/);
    });

    it('has at least 30 dining posts published over at least ~700 days, some without a city', () => {
      const { posts } = loadSeedContent();
      expect(posts.length).toBeGreaterThanOrEqual(30);
      const times = posts.flatMap((post) => (post.publishedAt ? [Date.parse(post.publishedAt)] : []));
      expect(times.length).toBeGreaterThan(0);
      expect((Math.max(...times) - Math.min(...times)) / DAY_MS).toBeGreaterThanOrEqual(700);
      expect(posts.some((post) => post.citySlug === null)).toBe(true);
    });

    it('has exactly one san-francisco post whose slug does not mention san-francisco', () => {
      const { posts } = loadSeedContent();
      const odd = posts.filter((post) => post.citySlug === 'san-francisco' && !post.slug.includes('san-francisco'));
      expect(odd.map((post) => post.slug)).toHaveLength(1);
    });

    it('seeds a fresh database', async () => {
      const content = loadSeedContent();
      const result = await seed(db);
      expect(result.citiesAdded).toBe(content.cities.length);
      expect(result.postsAdded).toBe(content.cities.length + content.posts.length);
      expect(await countPosts(db, { type: 'guide' })).toBe(content.cities.length);
      expect(result.pagesAdded).toBe(3);
      const pages = await db.selectFrom('sitePages').select(['slug', 'title', 'layout', 'status', 'content']).orderBy('id').execute();
      expect(pages.map(({ slug, title, layout, status }) => [slug, title, layout, status])).toEqual([
        ['about', 'About', 'about', 'published'],
        ['privacy', 'Privacy Policy', 'legal', 'published'],
        ['terms', 'Terms of Use', 'legal', 'published'],
      ]);
      // SPEC: ten and eleven numbered sections, the date, the age of 13 and the governing law.
      const sections = (slug: string) => pages.find((page) => page.slug === slug)!.content.match(/^## /gm)?.length;
      expect([sections('terms'), sections('privacy')]).toEqual([10, 11]);
      for (const slug of ['terms', 'privacy'])
        expect(pages.find((page) => page.slug === slug)!.content).toMatch(/^Last updated: January 2025$/m);
      expect(pages.find((page) => page.slug === 'privacy')!.content).toContain('children under 13');
      expect(pages.find((page) => page.slug === 'terms')!.content).toContain('the laws of the United States');
    });
  });
});
