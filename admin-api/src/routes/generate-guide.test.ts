import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  addContentItem,
  createBlock,
  getGuideForCity,
  insertCity,
  insertPost,
  listBlocks,
  listContentItems,
  listRestaurants,
  pendingOutbox,
  type Db,
} from '@forkcast/content-db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../testing.ts';

const SAMPLE_CSV = fileURLToPath(new URL('../../../public/samples/itinerary-sample.csv', import.meta.url));
const NOW = '2025-01-15T10:00:00.000Z';

const LISBON_CSV = [
  'Day,Meal,Restaurant,Neighborhood,Cuisine,Notes,Address,Website',
  '1,Dinner,Taberna da Rua das Flores,Chiado,Portuguese,Arrive at opening,Rua das Flores 103,https://example.com/taberna',
  '1,Breakfast,Manteigaria,Chiado,Bakery,"Pastel de nata, still warm",Rua do Loreto 2,',
  '2,Lunch,Cervejaria Ramiro,Intendente,Seafood,Garlic prawns,Av. Almirante Reis 1,',
  ',Drinks,Park Bar,Bairro Alto,,Rooftop at sunset,Calçada do Combro 58,',
].join('\r\n');

interface GuideFields {
  /** null: no file field at all. */
  csv?: string | Uint8Array | null;
  fileName?: string;
  /** null: no cityName field at all. */
  cityName?: string | null;
  cityDescription?: string;
  heroImageUrl?: string;
  heroImageAlt?: string;
}

/** The admin form's multipart body; fields given as null (csv, cityName) or left undefined (the optional ones) are not sent. */
function guideForm({
  csv = LISBON_CSV,
  fileName = 'lisbon.csv',
  cityName = 'Lisbon',
  cityDescription,
  heroImageUrl,
  heroImageAlt,
}: GuideFields = {}): FormData {
  const form = new FormData();
  if (csv !== null) form.append('csvFile', new File([typeof csv === 'string' ? csv : new Uint8Array(csv)], fileName, { type: 'text/csv' }));
  if (cityName !== null) form.append('cityName', cityName);
  if (cityDescription !== undefined) form.append('cityDescription', cityDescription);
  if (heroImageUrl !== undefined) form.append('heroImageUrl', heroImageUrl);
  if (heroImageAlt !== undefined) form.append('heroImageAlt', heroImageAlt);
  return form;
}

/** Everything a generation can write, to prove a refused request changed nothing. */
async function snapshot(db: Db) {
  const [cities, posts, restaurants, outbox, blocks, items] = await Promise.all([
    db.selectFrom('cities').selectAll().orderBy('id').execute(),
    db.selectFrom('posts').selectAll().orderBy('id').execute(),
    db.selectFrom('restaurants').selectAll().orderBy('id').execute(),
    db.selectFrom('outbox').selectAll().orderBy('id').execute(),
    db.selectFrom('contentBlocks').selectAll().orderBy('id').execute(),
    db.selectFrom('postContentItems').selectAll().orderBy('id').execute(),
  ]);
  return { cities, posts, restaurants, outbox, blocks, items };
}

/** A valid 300-row itinerary of exactly `bytes` ASCII bytes, padded in a column the parser ignores. */
function csvOfSize(bytes: number): string {
  const head = `restaurant,filler\n${`R,${'f'.repeat(3400)}\n`.repeat(299)}`;
  return `${head}R,${'f'.repeat(bytes - head.length - 3)}\n`;
}

const citiesOf = (db: Db) => db.selectFrom('cities').selectAll().orderBy('id').execute();
const guidesOf = (db: Db, cityId: number) =>
  db.selectFrom('posts').selectAll().where('cityId', '=', cityId).where('type', '=', 'guide').execute();

describe('POST /api/admin/generate-guide', () => {
  let t: TestApp;
  let cookie: string;

  beforeEach(async () => {
    t = await createTestApp();
    cookie = await t.signIn();
  });
  afterEach(() => t.cleanup());

  const generate = (form: FormData, init: { cookie?: string; headers?: Record<string, string> } = { cookie }) =>
    t.request('/api/admin/generate-guide', { method: 'POST', body: form, ...init });

  /** Seeds one existing city with a guide, a dining post, a block and an inline item, as other tests' background data. */
  async function seedOtherCity() {
    const db = t.handle.db;
    const cityId = await insertCity(db, {
      slug: 'london',
      name: 'London',
      heroImage: null,
      mapEmbedUrl: null,
      itineraryUrl: null,
      displayOrder: 4,
      createdAt: NOW,
      updatedAt: NOW,
    });
    const postId = await insertPost(db, {
      slug: 'london-food-guide',
      title: 'London',
      type: 'guide',
      cityId,
      heroImage: null,
      published: true,
      publishedAt: NOW,
      createdAt: NOW,
      updatedAt: NOW,
      content: 'One.\n\nTwo.',
    });
    await createBlock(db, { postId, content: 'Edited one.', position: 0, isOriginal: true, now: NOW });
    await addContentItem(db, { postId, type: 'text', content: 'Aside', position: 1, now: NOW });
    return { cityId, postId };
  }

  describe('refusals', () => {
    it('answers 401 to an anonymous request and writes nothing', async () => {
      const before = await snapshot(t.handle.db);
      const res = await generate(guideForm(), {});
      expect(res.status).toBe(401);
      expect(await snapshot(t.handle.db)).toEqual(before);
    });

    it('answers 403 to a cross-site request even when signed in', async () => {
      const res = await generate(guideForm(), { cookie, headers: { origin: 'https://evil.example' } });
      expect(res.status).toBe(403);
      expect(await citiesOf(t.handle.db)).toEqual([]);
    });

    it('answers 415 when the body is not multipart', async () => {
      const res = await t.request('/api/admin/generate-guide', json('POST', { cityName: 'Lisbon' }, cookie));
      expect(res.status).toBe(415);
      expect(((await res.json()) as { code: string }).code).toBe('unsupported_media_type');
    });

    it.each(['lisbon.txt', 'lisbon.csv.xlsx', 'lisbon', 'lisbon.tsv', 'csv'])(
      'answers 400 "Please upload a CSV file" for the file name %j',
      async (fileName) => {
        const res = await generate(guideForm({ fileName }));
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message: 'Please upload a CSV file', code: 'validation' });
        expect(await citiesOf(t.handle.db)).toEqual([]);
      },
    );

    it('answers 400 "Please provide both a CSV file and city name" without a file or a city name', async () => {
      const forms = [
        guideForm({ csv: null }),
        guideForm({ cityName: null }),
        guideForm({ cityName: '' }),
        guideForm({ cityName: '   \t ' }),
        guideForm({ csv: null, cityName: null }),
      ];
      const asText = new FormData();
      asText.append('csvFile', LISBON_CSV);
      asText.append('cityName', 'Lisbon');
      forms.push(asText);
      // What a browser sends for a file input with nothing chosen.
      const nothingChosen = new FormData();
      nothingChosen.append('csvFile', new File([], '', { type: 'application/octet-stream' }));
      nothingChosen.append('cityName', 'Lisbon');
      forms.push(nothingChosen);
      for (const form of forms) {
        const res = await generate(form);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message: 'Please provide both a CSV file and city name', code: 'validation' });
      }
      expect(await snapshot(t.handle.db)).toMatchObject({ cities: [], posts: [], restaurants: [], outbox: [] });
    });

    it.each([
      'javascript:alert(1)',
      'ftp://example.com/a.jpg',
      'not a url',
      '/uploads/../../etc/passwd',
      '/etc/passwd',
      'data:image/png;base64,AAAA',
      'https://',
    ])('answers 400 for the hero image %j and writes nothing', async (heroImageUrl) => {
      const res = await generate(guideForm({ heroImageUrl }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Give the hero image as an http(s) URL or an uploaded image.', code: 'validation' });
      expect(await citiesOf(t.handle.db)).toEqual([]);
    });

    it('answers 400 for a city name over 80 characters or a description over 600', async () => {
      const long = await generate(guideForm({ cityName: 'x'.repeat(81) }));
      expect(long.status).toBe(400);
      expect(((await long.json()) as { message: string }).message).toBe('The city name can be at most 80 characters.');
      const wordy = await generate(guideForm({ cityDescription: 'y'.repeat(601) }));
      expect(wordy.status).toBe(400);
      expect(((await wordy.json()) as { message: string }).message).toBe('The description can be at most 600 characters.');
      expect(await citiesOf(t.handle.db)).toEqual([]);
    });

    it('answers 413 file_too_large for a CSV far over 1 MB', async () => {
      const big = `restaurant,notes\n${Array.from({ length: 150 }, (_, i) => `R${i},${'n'.repeat(9_000)}`).join('\n')}\n`;
      expect(big.length).toBeGreaterThan(1024 * 1024 + 64 * 1024);
      const res = await generate(guideForm({ csv: big }));
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: 'That CSV is larger than 1 MB.', code: 'file_too_large' });
      expect(await citiesOf(t.handle.db)).toEqual([]);
    });

    it('answers 413 for a valid 300-row CSV just over 1 MB', async () => {
      const csv = csvOfSize(1024 * 1024 + 1);
      expect(csv.length).toBe(1024 * 1024 + 1);
      const res = await generate(guideForm({ csv }));
      expect(res.status).toBe(413);
      expect(await citiesOf(t.handle.db)).toEqual([]);
    });

    it('accepts a valid 300-row CSV of just under 1 MB', async () => {
      const csv = csvOfSize(1024 * 1024 - 1);
      expect(csv.length).toBe(1024 * 1024 - 1);
      expect((await generate(guideForm({ csv }))).status).toBe(201);
      expect(await listRestaurants(t.handle.db, (await citiesOf(t.handle.db))[0]!.id)).toHaveLength(300);
    });

    it('answers 422 invalid_csv with every problem and writes nothing, even for an existing city', async () => {
      const { cityId } = await seedOtherCity();
      const before = await snapshot(t.handle.db);
      const csv = 'restaurant,day,url\n,1,\nFine,two,\nOther,3,www.example.com\n';
      for (const cityName of ['Lisbon', 'London']) {
        const res = await generate(guideForm({ csv, cityName }));
        expect(res.status).toBe(422);
        expect(await res.json()).toEqual({
          code: 'invalid_csv',
          message:
            "Row 2, column 'restaurant': a restaurant name is required. Row 3, column 'day': expected a day number from 1 to 30, found 'two'. " +
            "Row 4, column 'url': expected a web address starting with http:// or https://, found 'www.example.com'.",
          problems: [
            { row: 2, column: 'restaurant', message: 'a restaurant name is required.' },
            { row: 3, column: 'day', message: "expected a day number from 1 to 30, found 'two'." },
            { row: 4, column: 'url', message: "expected a web address starting with http:// or https://, found 'www.example.com'." },
          ],
        });
      }
      expect(await snapshot(t.handle.db)).toEqual(before);
      expect(await listRestaurants(t.handle.db, cityId)).toEqual([]);
    });

    it.each([
      ['an empty file', '', 'The CSV is empty.'],
      ['a header only', 'restaurant,day\n', 'The CSV has a header but no restaurant rows.'],
      ['no name column', 'cuisine\nThai\n', "The header needs a 'restaurant' (or 'name') column."],
      ['an unclosed quote', 'restaurant\n"Open\n', 'The CSV could not be read: a quoted cell is never closed.'],
    ])('answers 422 for %s', async (_label, csv, message) => {
      const res = await generate(guideForm({ csv }));
      expect(res.status).toBe(422);
      const body = (await res.json()) as { code: string; problems: { message: string }[] };
      expect(body.code).toBe('invalid_csv');
      expect(body.problems.map((p) => p.message)).toEqual([message]);
      expect(await snapshot(t.handle.db)).toMatchObject({ cities: [], posts: [], restaurants: [], outbox: [] });
    });

    it('answers 422 for a CSV that is not UTF-8', async () => {
      const latin1 = new Uint8Array([...new TextEncoder().encode('restaurant\nCaf'), 0xe9, 0x0a]);
      const res = await generate(guideForm({ csv: latin1 }));
      expect(res.status).toBe(422);
      expect(((await res.json()) as { problems: unknown[] }).problems).toEqual([
        { message: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.' },
      ]);
      expect(await citiesOf(t.handle.db)).toEqual([]);
    });
  });

  describe('a new city', () => {
    it('answers 201 and writes the city, its itinerary in file order, its published guide and one outbox entry', async () => {
      const res = await generate(guideForm({ cityName: '  Lisbon  ' }));
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ cityName: 'Lisbon', citySlug: 'lisbon' });

      const db = t.handle.db;
      const [city, ...others] = await citiesOf(db);
      expect(others).toEqual([]);
      expect(city).toMatchObject({
        slug: 'lisbon',
        name: 'Lisbon',
        itineraryUrl: '/itineraries/lisbon.csv',
        heroImage: null,
        mapEmbedUrl: null,
      });
      expect(city!.description).toBe('A 2-day eating itinerary for Lisbon: 4 places worth planning a day around.');

      const restaurants = await listRestaurants(db, city!.id);
      expect(restaurants.map((r) => [r.position, r.name, r.day, r.meal])).toEqual([
        [0, 'Taberna da Rua das Flores', 1, 'dinner'],
        [1, 'Manteigaria', 1, 'breakfast'],
        [2, 'Cervejaria Ramiro', 2, 'lunch'],
        [3, 'Park Bar', null, 'drinks'],
      ]);
      expect(restaurants[0]).toMatchObject({
        neighborhood: 'Chiado',
        cuisine: 'Portuguese',
        notes: 'Arrive at opening',
        address: 'Rua das Flores 103',
        url: 'https://example.com/taberna',
      });
      expect(restaurants[1]).toMatchObject({ notes: 'Pastel de nata, still warm', url: null });

      const posts = await db.selectFrom('posts').selectAll().execute();
      expect(posts).toHaveLength(1);
      const guide = posts[0]!;
      expect(guide).toMatchObject({
        type: 'guide',
        slug: 'lisbon-food-guide',
        cityId: city!.id,
        published: 1,
        title: 'Where to Eat in Lisbon: A 2-Day Itinerary',
      });
      expect(guide.publishedAt).not.toBeNull();
      expect(JSON.parse(guide.tags)).toEqual(['lisbon', 'itinerary', 'city-guide']);
      const headings = guide.content.split('\n\n').filter((p) => p.startsWith('## '));
      expect(headings).toEqual(['## Day 1', '## Day 2', '## Any Day', '## Before You Go']);
      expect(guide.content).toContain('Start with breakfast at **Manteigaria** in Chiado (Bakery).');

      const outbox = await pendingOutbox(db);
      expect(outbox).toHaveLength(1);
      expect(outbox[0]!.tags).toEqual(
        expect.arrayContaining(['cities', 'posts', `city:${city!.id}`, `post:${guide.id}`, `restaurants:${city!.id}`]),
      );
    });

    it('is readable through the public API straight away', async () => {
      await generate(guideForm());
      const city = await t.request('/api/cities/lisbon');
      expect(city.status).toBe(200);
      expect(await city.json()).toMatchObject({ name: 'Lisbon', itineraryUrl: '/itineraries/lisbon.csv' });
      const guide = await t.request('/api/cities/lisbon/guide');
      expect(guide.status).toBe(200);
      expect(await guide.json()).toMatchObject({ slug: 'lisbon-food-guide', type: 'guide', published: true });
    });

    it('stores the description and hero image when given', async () => {
      const res = await generate(
        guideForm({ cityDescription: '  Seven hills and a lot of custard.  ', heroImageUrl: '/uploads/0123456789abcdef01234567.jpg' }),
      );
      expect(res.status).toBe(201);
      const [city] = await citiesOf(t.handle.db);
      expect(city).toMatchObject({ description: 'Seven hills and a lot of custard.', heroImage: '/uploads/0123456789abcdef01234567.jpg' });
      const [guide] = await guidesOf(t.handle.db, city!.id);
      expect(guide!.heroImage).toBe('/uploads/0123456789abcdef01234567.jpg');
      expect(guide!.content.startsWith('Seven hills and a lot of custard.')).toBe(true);
    });

    it('accepts an https hero image and a file name in capitals', async () => {
      const res = await generate(guideForm({ fileName: 'LISBON.CSV', heroImageUrl: 'https://images.example/lisbon.jpg?w=1600' }));
      expect(res.status).toBe(201);
      expect((await citiesOf(t.handle.db))[0]!.heroImage).toBe('https://images.example/lisbon.jpg?w=1600');
    });

    it.each([
      ['Posts', 'posts-2'],
      ['Admin', 'admin-2'],
      ['API', 'api-2'],
      ['City Guides', 'city-guides-2'],
    ])('gives a city named %j the non-reserved slug %j', async (cityName, slug) => {
      const res = await generate(guideForm({ cityName }));
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ cityName, citySlug: slug });
      const [city] = await citiesOf(t.handle.db);
      expect(city).toMatchObject({ slug, itineraryUrl: `/itineraries/${slug}.csv` });
      expect((await guidesOf(t.handle.db, city!.id))[0]!.slug).toBe(`${slug}-food-guide`);
    });

    it('slugs accented names and places the new city after the existing ones', async () => {
      await seedOtherCity();
      const res = await generate(guideForm({ cityName: 'São Paulo' }));
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ cityName: 'São Paulo', citySlug: 'sao-paulo' });
      const city = (await citiesOf(t.handle.db)).find((c) => c.slug === 'sao-paulo')!;
      expect(city.displayOrder).toBe(5);
    });

    it('picks a free guide slug when a post already uses <slug>-food-guide', async () => {
      await insertPost(t.handle.db, {
        slug: 'lisbon-food-guide',
        title: 'A dining post',
        type: 'post',
        cityId: null,
        heroImage: null,
        createdAt: NOW,
        updatedAt: NOW,
      });
      expect((await generate(guideForm())).status).toBe(201);
      const [city] = await citiesOf(t.handle.db);
      expect((await guidesOf(t.handle.db, city!.id)).map((g) => g.slug)).toEqual(['lisbon-food-guide-2']);
    });

    it('leaves other cities, their guides, blocks and items alone', async () => {
      const { cityId, postId } = await seedOtherCity();
      const before = await snapshot(t.handle.db);
      expect((await generate(guideForm())).status).toBe(201);
      const after = await snapshot(t.handle.db);
      expect(after.cities.find((c) => c.id === cityId)).toEqual(before.cities.find((c) => c.id === cityId));
      expect(after.posts.find((p) => p.id === postId)).toEqual(before.posts.find((p) => p.id === postId));
      expect(after.blocks).toEqual(before.blocks);
      expect(after.items).toEqual(before.items);
    });

    it('keeps two cities whose names leave no Latin letters apart, and transliterates the ones that do', async () => {
      expect((await generate(guideForm({ cityName: '東京' }))).status).toBe(201);
      const res = await generate(guideForm({ cityName: '大阪', csv: 'restaurant\nKani Doraku\n' }));
      expect(res.status).toBe(201);
      expect((await generate(guideForm({ cityName: 'Москва', csv: 'restaurant\nCafé Pushkin\n' }))).status).toBe(201);
      const cities = await citiesOf(t.handle.db);
      expect(cities.map((c) => [c.name, c.slug])).toEqual([
        ['東京', 'city'],
        ['大阪', 'city-2'],
        ['Москва', 'moskva'],
      ]);
      expect(await listRestaurants(t.handle.db, cities[0]!.id)).toHaveLength(4);
    });
  });

  describe("the hero image's alt text", () => {
    const heroAlts = async () => {
      const [city] = await citiesOf(t.handle.db);
      const [guide] = await guidesOf(t.handle.db, city!.id);
      return { city: city!.heroAlt, guide: guide!.heroAlt };
    };

    it('stores heroImageAlt, trimmed, for the city and its guide', async () => {
      const res = await generate(
        guideForm({ heroImageUrl: '/uploads/0123456789abcdef01234567.jpg', heroImageAlt: '  Yellow tram climbing a narrow street ' }),
      );
      expect(res.status).toBe(201);
      expect(await heroAlts()).toEqual({ city: 'Yellow tram climbing a narrow street', guide: 'Yellow tram climbing a narrow street' });
    });

    it("replaces the old description with the city's name when a new hero comes without one", async () => {
      await generate(guideForm({ heroImageUrl: '/images/presets/london-street.jpg', heroImageAlt: 'London Street' }));
      expect((await generate(guideForm({ heroImageUrl: '/images/presets/food-plating.jpg' }))).status).toBe(200);
      expect(await heroAlts()).toEqual({ city: 'Lisbon', guide: 'Lisbon' });
    });

    it('keeps the description when no new hero is sent', async () => {
      await generate(guideForm({ heroImageUrl: '/images/presets/london-street.jpg', heroImageAlt: 'London Street' }));
      expect((await generate(guideForm({ heroImageAlt: 'Ignored without an image' }))).status).toBe(200);
      expect(await heroAlts()).toEqual({ city: 'London Street', guide: 'London Street' });
    });

    it('refuses alt text longer than 300 characters with a 400 and writes nothing', async () => {
      const before = await snapshot(t.handle.db);
      const res = await generate(guideForm({ heroImageUrl: '/images/presets/food-plating.jpg', heroImageAlt: 'a'.repeat(301) }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Alt text can be at most 300 characters.', code: 'validation' });
      expect(await snapshot(t.handle.db)).toEqual(before);
    });
  });

  describe('uploading again for a city that exists', () => {
    it('answers 200 with the same slug, replaces the itinerary, regenerates the one guide and drops its blocks and items', async () => {
      const db = t.handle.db;
      expect(
        (await generate(guideForm({ cityDescription: 'First description.', heroImageUrl: 'https://images.example/first.jpg' }))).status,
      ).toBe(201);
      const [city] = await citiesOf(db);
      const [guide] = await guidesOf(db, city!.id);
      await createBlock(db, { postId: guide!.id, content: 'An edited intro.', position: 0, isOriginal: true, now: NOW });
      await addContentItem(db, {
        postId: guide!.id,
        type: 'image',
        content: '/uploads/0123456789abcdef01234567.jpg',
        position: 2,
        now: NOW,
      });
      const outboxBefore = (await pendingOutbox(db)).length;

      const csv = 'Restaurant Name,Day #,Meal\nA Cevicheria,3,LUNCH\nO Velho Eurico,3,dinner\n';
      const res = await generate(guideForm({ cityName: 'LISBON', csv }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ cityName: 'Lisbon', citySlug: 'lisbon' });

      const cities = await citiesOf(db);
      expect(cities).toHaveLength(1);
      expect(cities[0]).toMatchObject({
        id: city!.id,
        name: 'Lisbon',
        slug: 'lisbon',
        itineraryUrl: '/itineraries/lisbon.csv',
        description: 'First description.',
        heroImage: 'https://images.example/first.jpg',
      });
      expect((await listRestaurants(db, city!.id)).map((r) => [r.position, r.name, r.day, r.meal])).toEqual([
        [0, 'A Cevicheria', 3, 'lunch'],
        [1, 'O Velho Eurico', 3, 'dinner'],
      ]);
      expect(await db.selectFrom('restaurants').select('id').execute()).toHaveLength(2);

      const guides = await guidesOf(db, city!.id);
      expect(guides).toHaveLength(1);
      expect(guides[0]).toMatchObject({
        id: guide!.id,
        slug: 'lisbon-food-guide',
        published: 1,
        publishedAt: guide!.publishedAt,
        heroImage: 'https://images.example/first.jpg',
      });
      expect(guides[0]!.title).toBe('Where to Eat in Lisbon: A 1-Day Itinerary');
      expect(guides[0]!.content.split('\n\n').filter((p) => p.startsWith('## '))).toEqual(['## Day 3', '## Before You Go']);
      expect(guides[0]!.content).not.toContain('Manteigaria');
      expect(await listBlocks(db, guide!.id)).toEqual([]);
      expect(await listContentItems(db, guide!.id)).toEqual([]);

      const outbox = await pendingOutbox(db);
      expect(outbox).toHaveLength(outboxBefore + 1);
      // The city keeps its name and place, so the list of cities is untouched; pages that list
      // cities read each city's own tag as well. The regenerated guide is retitled and retagged (and
      // keeps its author, who uploaded the first CSV and whose list of posts it is in).
      expect(outbox.at(-1)!.tags).toEqual(
        [
          `body:${guide!.id}`,
          `city:${city!.id}`,
          `post-card:${guide!.id}`,
          `post:${guide!.id}`,
          'posts',
          `posts:author:${await t.userId('owner')}`,
          `posts:city:${city!.id}`,
          'posts:range:1',
          'posts:tag:city-guide',
          'posts:tag:itinerary',
          'posts:tag:lisbon',
          `restaurants:${city!.id}`,
        ].sort(),
      );
    });

    it('matches the city by slug or name ignoring accents and case, keeping a reserved-name city on its own slug', async () => {
      expect((await generate(guideForm({ cityName: 'São Paulo' }))).status).toBe(201);
      const again = await generate(guideForm({ cityName: 'sao paulo' }));
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ cityName: 'São Paulo', citySlug: 'sao-paulo' });

      expect((await generate(guideForm({ cityName: 'Posts' }))).status).toBe(201);
      const posts = await generate(guideForm({ cityName: 'posts' }));
      expect(posts.status).toBe(200);
      expect(await posts.json()).toEqual({ cityName: 'Posts', citySlug: 'posts-2' });
      expect((await citiesOf(t.handle.db)).map((c) => c.slug)).toEqual(['sao-paulo', 'posts-2']);
    });

    it('keeps the stored spelling of a city uploaded again under another one, in the city and its guide', async () => {
      expect((await generate(guideForm({ cityName: 'São Paulo' }))).status).toBe(201);
      expect((await generate(guideForm({ cityName: 'SAO PAULO', heroImageUrl: '/images/presets/london-street.jpg' }))).status).toBe(200);
      const [city] = await citiesOf(t.handle.db);
      expect(city).toMatchObject({ name: 'São Paulo', heroAlt: 'São Paulo' });
      const guide = await getGuideForCity(t.handle.db, city!.id);
      expect(guide!.title).toContain('São Paulo');
      expect(guide!.title).not.toContain('SAO PAULO');
      expect(guide!.content).not.toContain('SAO PAULO');
    });

    it('updates the description and hero image of the city and its guide when new ones are given', async () => {
      expect((await generate(guideForm())).status).toBe(201);
      const res = await generate(
        guideForm({ cityDescription: 'Now with a description.', heroImageUrl: '/images/presets/london-street.jpg' }),
      );
      expect(res.status).toBe(200);
      const [city] = await citiesOf(t.handle.db);
      expect(city).toMatchObject({ description: 'Now with a description.', heroImage: '/images/presets/london-street.jpg' });
      const [guide] = await guidesOf(t.handle.db, city!.id);
      expect(guide!.heroImage).toBe('/images/presets/london-street.jpg');
      expect(guide!.content.startsWith('Now with a description.')).toBe(true);
    });

    it('creates the guide when the existing city has none', async () => {
      const cityId = await insertCity(t.handle.db, {
        slug: 'vienna',
        name: 'Vienna',
        heroImage: '/images/vienna.jpg',
        mapEmbedUrl: null,
        itineraryUrl: null,
        createdAt: NOW,
        updatedAt: NOW,
      });
      const res = await generate(guideForm({ cityName: 'Vienna' }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ cityName: 'Vienna', citySlug: 'vienna' });
      const guides = await guidesOf(t.handle.db, cityId);
      expect(guides).toHaveLength(1);
      expect(guides[0]).toMatchObject({ slug: 'vienna-food-guide', published: 1, heroImage: '/images/vienna.jpg' });
      expect((await citiesOf(t.handle.db))[0]!.itineraryUrl).toBe('/itineraries/vienna.csv');
      expect(await listRestaurants(t.handle.db, cityId)).toHaveLength(4);
    });
  });

  describe('the sample itinerary', () => {
    it.runIf(existsSync(SAMPLE_CSV))('public/samples/itinerary-sample.csv generates a guide', async () => {
      const bytes = readFileSync(SAMPLE_CSV);
      const res = await generate(guideForm({ csv: new Uint8Array(bytes), fileName: 'itinerary-sample.csv', cityName: 'Sample City' }));
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ cityName: 'Sample City', citySlug: 'sample-city' });
      const [city] = await citiesOf(t.handle.db);
      const restaurants = await listRestaurants(t.handle.db, city!.id);
      expect(restaurants.length).toBeGreaterThan(0);
      // The sample shows optional coordinates: most places have both, one has neither.
      expect(restaurants[0]).toMatchObject({ name: 'Bakehouse Meridian', lat: 41.1409, lng: -8.6131 });
      expect(restaurants.filter((r) => r.lat === null && r.lng === null).map((r) => r.name)).toEqual(['Gelateria Nube']);
      const [guide] = await guidesOf(t.handle.db, city!.id);
      expect(guide!.content).toContain('## Day 1');
      expect(guide!.content).toContain('## Before You Go');
    });
  });
});
