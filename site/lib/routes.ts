import { canonicalPostPath, FIXED_ROUTES, itineraryCsvPath, tagPagePath } from '@forkcast/content-db/urls';
import { itineraryPagePath } from './itinerary';
import { guidePath, type LinkableCity, type LinkablePost } from './links';
import { pageCount, POST_FILTER_KEYS, POST_FILTERS, postsPagePath } from './listing';

export interface RoutableCity extends LinkableCity {}
export interface RoutablePost extends LinkablePost {}

/**
 * Every route the site folder holds for this content (published posts only): the fixed pages, the
 * /posts listings and their pages, each city's guide, itinerary page and itinerary CSV, each
 * post at its one canonical path (its other URLs are redirects, not pages) and a page per tag slug
 * that published posts carry.
 */
export function siteRoutes(
  cities: readonly RoutableCity[],
  publishedPosts: readonly RoutablePost[],
  tagSlugs: readonly string[],
): string[] {
  const routes = new Set<string>(FIXED_ROUTES);
  for (const filter of POST_FILTER_KEYS) {
    const type = POST_FILTERS[filter].type;
    const total = publishedPosts.filter((post) => !type || post.type === type).length;
    for (let page = 1; page <= pageCount(total); page++) routes.add(postsPagePath(filter, page));
  }
  const byId = new Map(cities.map((city) => [city.id, city]));
  for (const post of publishedPosts) {
    const city = post.cityId === null ? undefined : byId.get(post.cityId);
    if (post.type === 'guide' && city) {
      routes.add(guidePath(city));
      routes.add(itineraryCsvPath(city));
      routes.add(itineraryPagePath(city));
      continue;
    }
    routes.add(canonicalPostPath(post, city));
  }
  for (const slug of tagSlugs) routes.add(tagPagePath(slug));
  return [...routes].sort();
}
