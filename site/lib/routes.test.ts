import { describe, expect, it } from 'vitest';
import { SITEMAP_POSTS_PER_FILE } from '@forkcast/shared/urls';
import { routeChange, siteRoutes } from './routes.ts';
import { SITEMAP_LISTED_POSTS } from './sitemap.ts';

const cities = [
  { id: 1, slug: 'san-francisco', name: 'San Francisco' },
  { id: 2, slug: 'kyoto', name: 'Kyoto' },
  { id: 3, slug: 'lima', name: 'Lima' },
];

describe('siteRoutes', () => {
  it('lists a numbered /sitemap page per id range with a post once /sitemap would list too many itself', () => {
    const posts = (count: number, firstId = 1) =>
      Array.from({ length: count }, (_, i) => ({ id: firstId + i, slug: `eat-${firstId + i}`, type: 'post' as const, cityId: null }));
    const numbered = (routes: string[]) => routes.filter((route) => route.startsWith('/sitemap/'));
    expect(numbered(siteRoutes(cities, posts(SITEMAP_LISTED_POSTS), [], []))).toEqual([]);
    // A guide is no blog post: it neither counts nor makes a page of its range.
    const guide = { id: 3 * SITEMAP_POSTS_PER_FILE + 1, slug: 'kyoto-food-guide', type: 'guide' as const, cityId: 2 };
    expect(numbered(siteRoutes(cities, [...posts(SITEMAP_LISTED_POSTS), guide], [], []))).toEqual([]);
    expect(numbered(siteRoutes(cities, [...posts(SITEMAP_LISTED_POSTS), guide, ...posts(1, 5 * SITEMAP_POSTS_PER_FILE)], [], []))).toEqual([
      '/sitemap/1',
      '/sitemap/5',
    ]);
  });

  it('lists fixed pages, listings, guides, itineraries, each post once at its card link, a page per tag and per author and a sitemap per id range', () => {
    const routes = siteRoutes(
      cities,
      [
        { id: 1, slug: 'kyoto-food-guide', type: 'guide', cityId: 2 },
        { id: 2, slug: 'kyoto-ramen', type: 'post', cityId: 2 },
        { id: 3, slug: 'mission-district-burrito-field-notes', type: 'post', cityId: 1 },
        { id: 4 * SITEMAP_POSTS_PER_FILE + 1, slug: 'eating-alone', type: 'post', cityId: null },
      ],
      [
        { slug: 'kyoto', count: 1 },
        { slug: 'late-night', count: 2 },
        { slug: 'ramen', count: 1 },
      ],
      [{ slug: 'ana-ruiz', count: 3 }],
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
        '/admin/city',
        '/admin/sign-in',
        '/admin/cities',
        '/admin/pages',
        '/admin/media',
        '/admin/newsletter',
        '/admin/inbox',
        '/admin/insights',
        '/admin/publishing',
        '/admin/history',
        '/admin/redirects',
        '/admin/people',
        '/admin/profile',
        '/admin/webhooks',
        '/admin/transfer',
        '/admin/accept',
        '/admin/forgot-password',
        '/admin/reset-password',
        '/404',
        '/404-post',
        '/404-guide',
        '/_redirects',
        '/rss.xml',
        '/sitemap.xml',
        '/sitemaps/pages.xml',
        '/sitemaps/posts-1.xml',
        '/sitemaps/posts-5.xml',
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
        '/authors/ana-ruiz',
        '/authors/ana-ruiz/rss.xml',
      ].sort(),
    );
  });

  it('has each published page an editor wrote at /{slug}', () => {
    const routes = siteRoutes([], [], [], [], undefined, [{ slug: 'visiting' }]);
    expect(routes).toContain('/visiting');
  });

  it('always has the three not-found pages and the redirects file', () => {
    expect(siteRoutes([], [], [], [])).toEqual(expect.arrayContaining(['/404', '/404-post', '/404-guide', '/_redirects']));
  });

  it('has no guide page for a city without a published guide', () => {
    expect(siteRoutes(cities, [], [], []).some((route) => route.startsWith('/lima'))).toBe(false);
  });

  it('adds archive pages, counted from the oldest, once two pages of a listing are full', () => {
    const posts = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, slug: `p${i}`, type: 'post' as const, cityId: null }));
    const routes = siteRoutes(cities, posts, [{ slug: 'wine', count: 96 }], [{ slug: 'ana-ruiz', count: 150 }]);
    expect(routes.filter((r) => r.startsWith('/posts') || r.startsWith('/tags') || r.startsWith('/authors'))).toEqual(
      [
        '/posts',
        '/posts/page/1',
        '/posts/page/2',
        '/posts/guides',
        '/posts/dining',
        '/posts/dining/page/1',
        '/posts/dining/page/2',
        '/tags/wine',
        '/tags/wine/page/1',
        '/authors/ana-ruiz',
        '/authors/ana-ruiz/page/1',
        '/authors/ana-ruiz/page/2',
        '/authors/ana-ruiz/rss.xml',
      ].sort(),
    );
  });
});

describe('routeChange', () => {
  it('names the posts, cities, tags and authors whose routes a change can add', () => {
    expect(
      routeChange(['posts', 'post:7', 'post-card:7', 'posts:range:1', 'posts:city:3', 'posts:tag:late-night', 'posts:author:2', 'authors']),
    ).toEqual({
      posts: [7],
      cities: [],
      tags: ['late-night'],
      authors: [2],
    });
    expect(routeChange(['cities', 'city:4', 'city-link:4'])).toEqual({ posts: [], cities: [4], tags: [], authors: [] });
    expect(routeChange(['authors', 'author:9'])).toEqual({ posts: [], cities: [], tags: [], authors: [9] });
  });

  it('leaves to a full listing a change that names none of what it may have added', () => {
    expect(routeChange(['site-pages', 'site-page:1'])).toBeUndefined();
    expect(routeChange(['cities'])).toBeUndefined();
    expect(routeChange(['authors'])).toBeUndefined();
    expect(routeChange(['posts', ...Array.from({ length: 501 }, (_, i) => `post:${i + 1}`)])).toBeUndefined();
  });
});
