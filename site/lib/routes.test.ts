import { describe, expect, it } from 'vitest';
import { siteRoutes } from './routes.ts';

const cities = [
  { id: 1, slug: 'san-francisco', name: 'San Francisco' },
  { id: 2, slug: 'kyoto', name: 'Kyoto' },
  { id: 3, slug: 'lima', name: 'Lima' },
];

describe('siteRoutes', () => {
  it('lists fixed pages, listings, guides, itineraries, each post once at its card link, and a page per tag', () => {
    const routes = siteRoutes(
      cities,
      [
        { slug: 'kyoto-food-guide', type: 'guide', cityId: 2 },
        { slug: 'kyoto-ramen', type: 'post', cityId: 2 },
        { slug: 'mission-district-burrito-field-notes', type: 'post', cityId: 1 },
        { slug: 'eating-alone', type: 'post', cityId: null },
      ],
      ['kyoto', 'late-night', 'ramen'],
    );
    expect(routes).toEqual(
      [
        '/',
        '/city-guides',
        '/about',
        '/terms',
        '/privacy',
        '/sitemap',
        '/newsletter',
        '/newsletter/confirmed',
        '/newsletter/unsubscribe',
        '/newsletter/unsubscribed',
        '/admin',
        '/admin/editor',
        '/admin/sign-in',
        '/404',
        '/404-post',
        '/404-guide',
        '/_redirects',
        '/rss.xml',
        '/sitemap.xml',
        '/robots.txt',
        '/posts',
        '/posts/guides',
        '/posts/dining',
        '/kyoto/guide',
        '/kyoto/itinerary',
        '/itineraries/kyoto.csv',
        '/kyoto/kyoto-ramen',
        '/san-francisco/mission-district-burrito-field-notes',
        '/post/eating-alone',
        '/tags/kyoto',
        '/tags/ramen',
        '/tags/late-night',
      ].sort(),
    );
  });

  it('always has the three not-found pages and the redirects file', () => {
    expect(siteRoutes([], [], [])).toEqual(expect.arrayContaining(['/404', '/404-post', '/404-guide', '/_redirects']));
  });

  it('has no guide page for a city without a published guide', () => {
    expect(siteRoutes(cities, [], []).some((route) => route.startsWith('/lima'))).toBe(false);
  });

  it('adds listing pages once a listing passes 48 items', () => {
    const posts = Array.from({ length: 97 }, (_, i) => ({ slug: `p${i}`, type: 'post' as const, cityId: null }));
    const routes = siteRoutes(cities, posts, []);
    expect(routes.filter((r) => r.startsWith('/posts'))).toEqual(
      ['/posts', '/posts/page/2', '/posts/page/3', '/posts/guides', '/posts/dining', '/posts/dining/page/2', '/posts/dining/page/3'].sort(),
    );
  });
});
