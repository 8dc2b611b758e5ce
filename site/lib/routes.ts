import { itineraryPagePath } from './itinerary';
import { guidePath, type LinkableCity, type LinkablePost } from './links';
import { pageCount, POST_FILTER_KEYS, POST_FILTERS, postsPagePath } from './listing';
import { sitemapPath } from './sitemap';

/** Pages and files that exist whatever the content. '/404' is written as 404.html. */
export const FIXED_ROUTES = [
  '/', '/city-guides', '/about', '/terms', '/privacy', '/sitemap', '/newsletter', '/admin', '/admin/sign-in', '/404',
  '/rss.xml', '/sitemap.xml', '/robots.txt',
] as const;

export interface RoutableCity extends LinkableCity {}
export interface RoutablePost extends LinkablePost {}

/**
 * Every route the site folder holds for this content (published posts only): the fixed pages, the
 * /posts listings and their pages, each city's guide, itinerary page and itinerary CSV, each city
 * post at its card link, and /post/{slug} for the posts the sitemap lists there.
 */
export function siteRoutes(cities: readonly RoutableCity[], publishedPosts: readonly RoutablePost[]): string[] {
  const routes = new Set<string>(FIXED_ROUTES);
  for (const filter of POST_FILTER_KEYS) {
    const type = POST_FILTERS[filter].type;
    const total = publishedPosts.filter((post) => !type || post.type === type).length;
    for (let page = 1; page <= pageCount(total); page++) routes.add(postsPagePath(filter, page));
  }
  const byId = new Map(cities.map((city) => [city.id, city]));
  for (const post of publishedPosts) {
    const city = post.cityId === null ? undefined : byId.get(post.cityId);
    if (post.type === 'guide') {
      if (city) {
        routes.add(guidePath(city));
        routes.add(`/itineraries/${city.slug}.csv`);
        routes.add(itineraryPagePath(city));
      } else {
        routes.add(`/post/${post.slug}`);
      }
      continue;
    }
    if (city) routes.add(`/${city.slug}/${post.slug}`);
    const listed = sitemapPath(post, city);
    if (listed.startsWith('/post/')) routes.add(listed);
  }
  return [...routes].sort();
}
