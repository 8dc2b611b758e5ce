import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from './slugs.ts';
import { FIXED_PAGE_SLUGS } from './urls.ts';

const ROOT = join(import.meta.dirname, '../../..');

/**
 * The first path segment of every route the site has whatever its cities: each page or folder in
 * site/pages that is not a parameter (`[city]`), its extensions dropped (`rss.xml.ts` -> 'rss'),
 * and each folder copied from public/. Read from the files, so a page added later is checked too.
 */
function fixedFirstSegments(): string[] {
  const pages = readdirSync(join(ROOT, 'site/pages'), { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('['))
    .map((entry) => (entry.isDirectory() ? entry.name : entry.name.replace(/\..*$/, '')))
    .filter((name) => name !== 'index');
  const folders = readdirSync(join(ROOT, 'public'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  // About, Terms and Privacy are pages of the database now, at addresses SPEC fixes.
  return [...pages, ...folders, ...FIXED_PAGE_SLUGS];
}

describe('slugify', () => {
  it.each([
    ['São Paulo', 'sao-paulo'],
    ['Côte d’Azur', 'cote-d-azur'],
    ["Côte d'Azur", 'cote-d-azur'],
    ['  Mexico   City ', 'mexico-city'],
    ['Rock & Roll', 'rock-and-roll'],
    ['R&B', 'r-and-b'],
    ['Zürich', 'zurich'],
    ['Kraków', 'krakow'],
    ['Reykjavík', 'reykjavik'],
    ['Ho Chi Minh City (Saigon)', 'ho-chi-minh-city-saigon'],
    ['St. Louis', 'st-louis'],
    ['New York City!!!', 'new-york-city'],
    ['---Lisbon---', 'lisbon'],
    ['San_Francisco', 'san-francisco'],
    ['Tel Aviv–Yafo', 'tel-aviv-yafo'],
    ['22nd Street Market', '22nd-street-market'],
    ['ＴＯＫＹＯ', 'tokyo'],
    ['ﬁnland', 'finland'],
    ['LONDON', 'london'],
  ])('%j -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it.each([
    ['Москва', 'moskva'],
    ['Київ', 'kiyiv'],
    ['Ichijōji', 'ichijoji'],
    ['Göteborg', 'goteborg'],
    ['Þórsmörk', 'thorsmork'],
  ])('transliterates %j -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it.each([['🍜🍣'], ['東京'], [''], ['   '], ['———']])('%j has no Latin letters or digits: ""', (input) => {
    expect(slugify(input)).toBe('');
  });

  it('keeps the Latin parts of mixed names', () => {
    expect(slugify('🍜 Ramen Street 🍜')).toBe('ramen-street');
    expect(slugify('東京 Tokyo')).toBe('tokyo');
  });

  it('only ever returns lowercase letters, digits and single inner hyphens', () => {
    const samples = ['a -- b', 'a\t\nb', '-a-', 'A/B\\C', '../../etc/passwd', 'x'.repeat(100), `${'word '.repeat(20)}`, 'Ünïcödé ñame'];
    for (const sample of samples) {
      const slug = slugify(sample);
      expect(slug, sample).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
      expect(slug.length, sample).toBeLessThanOrEqual(60);
    }
    expect(slugify('../../etc/passwd')).toBe('etc-passwd');
  });

  it('cuts long names to 60 characters without leaving a trailing hyphen', () => {
    expect(slugify(`${'a'.repeat(30)} ${'b'.repeat(40)}`)).toBe(`${'a'.repeat(30)}-${'b'.repeat(29)}`);
    expect(slugify(`${'a'.repeat(59)} bcd`)).toBe('a'.repeat(59));
  });

  it('is idempotent', () => {
    for (const name of ['São Paulo', 'Rock & Roll', '  Mexico   City ']) expect(slugify(slugify(name))).toBe(slugify(name));
  });

  it('transliterates letters that NFKD does not decompose', () => {
    expect(slugify('Wrocław')).toBe('wroclaw');
    expect(slugify('Łódź')).toBe('lodz');
    expect(slugify('Tromsø')).toBe('tromso');
    expect(slugify('Straße')).toBe('strasse');
    expect(slugify('Ærø')).toBe('aero');
    expect(slugify('Đà Nẵng')).toBe('da-nang');
  });
});

describe('uniqueSlug', () => {
  const none = () => false;
  const takenFrom =
    (...slugs: string[]) =>
    (slug: string) =>
      slugs.includes(slug);

  it('returns the base when it is free', () => {
    expect(uniqueSlug('lisbon', none)).toBe('lisbon');
  });

  it('counts up from -2 past taken slugs', () => {
    expect(uniqueSlug('lisbon', takenFrom('lisbon'))).toBe('lisbon-2');
    expect(uniqueSlug('lisbon', takenFrom('lisbon', 'lisbon-2', 'lisbon-3'))).toBe('lisbon-4');
    // A gap is reused.
    expect(uniqueSlug('lisbon', takenFrom('lisbon', 'lisbon-3'))).toBe('lisbon-2');
  });

  it.each([
    'posts',
    'authors',
    'admin',
    'api',
    'about',
    'city-guides',
    'post',
    'sitemap',
    'uploads',
    'images',
    'itineraries',
    'samples',
    'privacy',
    'terms',
    'rss',
    '404',
    'newsletter',
    'itinerary',
    'guide',
    '_astro',
  ])('never returns the reserved slug %j', (reserved) => {
    expect(uniqueSlug(reserved, none)).toBe(`${reserved}-2`);
    expect(uniqueSlug(reserved, takenFrom(`${reserved}-2`))).toBe(`${reserved}-3`);
  });

  it('reserves the first segment of every fixed page and folder the site has', () => {
    const segments = fixedFirstSegments();
    expect(segments).toEqual(expect.arrayContaining(['newsletter', 'about', 'posts', 'authors', 'itineraries', 'rss', '404-guide']));
    expect(segments.filter((segment) => uniqueSlug(segment, none) === segment)).toEqual([]);
  });

  it("gives a city named like a fixed page a slug of its own: 'Newsletter', 'Itinerary'", () => {
    expect(uniqueSlug(slugify('Newsletter'), none)).toBe('newsletter-2');
    expect(uniqueSlug(slugify('Itinerary'), none)).toBe('itinerary-2');
  });

  it('does not treat a slug that merely contains a reserved word as reserved', () => {
    expect(uniqueSlug('posts-and-more', none)).toBe('posts-and-more');
    expect(uniqueSlug('apia', none)).toBe('apia');
  });

  it("uses 'city' for an empty base, counting up like any other", () => {
    expect(uniqueSlug('', none)).toBe('city');
    expect(uniqueSlug('', takenFrom('city'))).toBe('city-2');
    expect(uniqueSlug(slugify('東京'), takenFrom('city', 'city-2'))).toBe('city-3');
  });

  it('asks the taken callback about each candidate until one is free', () => {
    const asked: string[] = [];
    const result = uniqueSlug('oahu', (slug) => {
      asked.push(slug);
      return asked.length < 3;
    });
    expect(result).toBe('oahu-3');
    expect(asked).toEqual(['oahu', 'oahu-2', 'oahu-3']);
  });
});
