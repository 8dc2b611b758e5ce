import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SITEMAP_POSTS_PER_FILE, sitemapRange } from '@forkcast/shared/urls';
import {
  groupByOwnCity,
  groupForSitemap,
  linkItems,
  sitemapCity,
  sitemapPageIds,
  sitemapPageLabel,
  sitemapPageRange,
  sitemapTotal,
} from './sitemap.ts';

const sf = { id: 1, slug: 'san-francisco', name: 'San Francisco' };
const kyoto = { id: 2, slug: 'kyoto', name: 'Kyoto' };
const san = { id: 3, slug: 'san', name: 'San' };
const post = (slug: string, cityId: number | null) => ({ slug, cityId, type: 'post' as const });
const slugs = (posts: { slug: string }[]) => posts.map((p) => p.slug);

describe('sitemapCity', () => {
  it('files a post under the city whose slug its slug starts with or contains', () => {
    expect(sitemapCity('kyoto-ramen', [sf, kyoto])).toBe(kyoto);
    expect(sitemapCity('best-of-kyoto-in-autumn', [sf, kyoto])).toBe(kyoto);
    expect(sitemapCity('mission-district-burrito-field-notes', [sf, kyoto])).toBeUndefined();
  });

  it('prefers the longest matching city slug, whatever the city order', () => {
    expect(sitemapCity('san-francisco-sourdough', [san, sf])).toBe(sf);
    expect(sitemapCity('san-francisco-sourdough', [sf, san])).toBe(sf);
    expect(sitemapCity('san-sebastian-pintxos', [sf, san])).toBe(san);
  });

  it('between equally long slugs, takes the one named first in the post slug', () => {
    const osaka = { id: 4, slug: 'osaka', name: 'Osaka' };
    expect(sitemapCity('osaka-or-kyoto-for-ramen', [kyoto, osaka])).toBe(osaka);
    expect(sitemapCity('kyoto-or-osaka-for-ramen', [osaka, kyoto])).toBe(kyoto);
  });

  it('files every slug as the rule reads: the longest city slug it contains, then the first one in it', () => {
    // The rule word for word, searching for every city in the slug.
    const byTheRule = (postSlug: string, cities: { slug: string }[]) => {
      const found = cities.filter((city) => postSlug.includes(city.slug));
      const longest = Math.max(...found.map((city) => city.slug.length));
      return found.filter((city) => city.slug.length === longest).sort((a, b) => postSlug.indexOf(a.slug) - postSlug.indexOf(b.slug))[0];
    };
    const word = fc.constantFrom('a', 'an', 'san', 'sa', 'n', 'francisco', 'fran', 'kyoto', 'to', 'o', 'osaka', 'ka');
    const slug = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join('-'));
    fc.assert(
      fc.property(fc.uniqueArray(slug, { maxLength: 12 }), slug, (citySlugs, postSlug) => {
        const cities = citySlugs.map((each) => ({ slug: each }));
        expect(sitemapCity(postSlug, cities)).toBe(byTheRule(postSlug, cities));
      }),
      { numRuns: 500, seed: 11 },
    );
  });
});

describe('groupForSitemap', () => {
  it('groups by slug, not by city id, keeping cities in order and empty ones too', () => {
    const groups = groupForSitemap(
      [sf, kyoto],
      [post('san-francisco-sourdough', 1), post('kyoto-ramen', null), post('a-kyoto-day-trip-from-osaka', 1), post('eating-alone', null)],
      [],
    );
    expect(groups.cities.map((g) => [g.city.slug, slugs(g.posts)])).toEqual([
      ['san-francisco', ['san-francisco-sourdough']],
      ['kyoto', ['kyoto-ramen', 'a-kyoto-day-trip-from-osaka']],
    ]);
    expect(slugs(groups.other)).toEqual(['eating-alone']);
  });

  it('lists the special-cased posts under /post/ even when their slug names a city', () => {
    const groups = groupForSitemap(
      [sf, kyoto],
      [post('san-francisco-sourdough', 1), post('san-francisco-late-night-tacos', 1)],
      ['san-francisco-late-night-tacos'],
    );
    expect(slugs(groups.cities[0]!.posts)).toEqual(['san-francisco-sourdough']);
    expect(slugs(groups.other)).toEqual(['san-francisco-late-night-tacos']);
  });

  it('counts 6 fixed pages plus cities plus posts', () => {
    expect(sitemapTotal(14, 32)).toBe(52);
    expect(sitemapTotal(0, 0)).toBe(6);
  });
});

describe('linkItems', () => {
  it('writes one list item per link, with the address and the label escaped', () => {
    expect(linkItems([])).toBe('');
    expect(
      linkItems([
        { href: '/kyoto/tea?a=1&b="2"', label: 'Tea & <Sweets>' },
        { href: '/post/ramen', label: "Ramen's night" },
      ]),
    ).toBe(
      '<li><a href="/kyoto/tea?a=1&amp;b=&quot;2&quot;">Tea &amp; &lt;Sweets&gt;</a></li><li><a href="/post/ramen">Ramen&apos;s night</a></li>',
    );
  });
});

describe('the numbered sitemap pages', () => {
  it('are named by a range number, nothing else', () => {
    expect(sitemapPageRange('1')).toBe(1);
    expect(sitemapPageRange('12')).toBe(12);
    for (const param of [undefined, '', '0', '01', '-1', '1.5', '1e3', 'x', '1/2', '1234567890'])
      expect(sitemapPageRange(param), param).toBeUndefined();
  });

  it("list the ids of the same range as the posts' sitemap files", () => {
    expect(sitemapPageIds(1)).toEqual({ idFrom: 1, idTo: SITEMAP_POSTS_PER_FILE });
    expect(sitemapPageIds(3)).toEqual({ idFrom: 2 * SITEMAP_POSTS_PER_FILE + 1, idTo: 3 * SITEMAP_POSTS_PER_FILE });
    expect(sitemapRange(sitemapPageIds(7).idFrom)).toBe(7);
    expect(sitemapRange(sitemapPageIds(7).idTo)).toBe(7);
    expect(sitemapPageLabel(5)).toBe(
      `Posts ${(4 * SITEMAP_POSTS_PER_FILE + 1).toLocaleString('en-US')} to ${(5 * SITEMAP_POSTS_PER_FILE).toLocaleString('en-US')}`,
    );
  });
});

describe('groupByOwnCity', () => {
  it("groups by each post's own city, the cities by name, and the posts without one apart", () => {
    const posts = [post('kyoto-ramen', 2), post('san-francisco-in-kyoto', 2), post('eating-alone', null), post('sourdough', 1)];
    const groups = groupByOwnCity([sf, kyoto], posts);
    expect(groups.cities.map((group) => [group.city.name, slugs(group.posts)])).toEqual([
      ['Kyoto', ['kyoto-ramen', 'san-francisco-in-kyoto']],
      ['San Francisco', ['sourdough']],
    ]);
    expect(slugs(groups.other)).toEqual(['eating-alone']);
  });
});
