import { describe, expect, it } from 'vitest';
import { groupForSitemap, sitemapPath, sitemapTotal } from './sitemap.ts';

const sf = { id: 1, slug: 'san-francisco', name: 'San Francisco' };
const kyoto = { id: 2, slug: 'kyoto', name: 'Kyoto' };
const post = (slug: string, cityId: number | null) => ({ slug, cityId, type: 'post' as const });

describe('sitemap rules', () => {
  it('lists a post under its city when the slug contains the city slug', () => {
    expect(sitemapPath(post('kyoto-ramen', 2), kyoto)).toBe('/kyoto/kyoto-ramen');
    expect(sitemapPath(post('best-of-kyoto-in-autumn', 2), kyoto)).toBe('/kyoto/best-of-kyoto-in-autumn');
  });

  it('lists the San Francisco post whose slug lacks the city, and city-less posts, under /post/', () => {
    expect(sitemapPath(post('mission-district-burrito-field-notes', 1), sf)).toBe('/post/mission-district-burrito-field-notes');
    expect(sitemapPath(post('packing-a-food-kit', null), undefined)).toBe('/post/packing-a-food-kit');
  });

  it('groups posts by city, in city order, keeping empty cities', () => {
    const groups = groupForSitemap(
      [sf, kyoto],
      [post('san-francisco-sourdough', 1), post('mission-district-burrito-field-notes', 1), post('kyoto-ramen', 2), post('eating-alone', null)],
    );
    expect(groups.cities.map((g) => [g.city.slug, g.posts.map((e) => e.path)])).toEqual([
      ['san-francisco', ['/san-francisco/san-francisco-sourdough']],
      ['kyoto', ['/kyoto/kyoto-ramen']],
    ]);
    expect(groups.other.map((e) => e.path)).toEqual(['/post/mission-district-burrito-field-notes', '/post/eating-alone']);
  });

  it('never files a post under a city it does not belong to', () => {
    const groups = groupForSitemap([sf, kyoto], [post('kyoto-vs-san-francisco', 2)]);
    expect(groups.cities[1]!.posts.map((e) => e.path)).toEqual(['/kyoto/kyoto-vs-san-francisco']);
    expect(groups.cities[0]!.posts).toEqual([]);
  });

  it('counts 6 fixed pages plus cities plus posts', () => {
    expect(sitemapTotal(14, 32)).toBe(52);
  });
});
