import type { LinkableCity, LinkablePost } from './links';

export interface SitemapGroups<C, P> {
  cities: { city: C; posts: P[] }[];
  /** Posts whose slug names no city, and the posts named in the special-case list. */
  other: P[];
}

/**
 * The city the sitemap page files a post under: the city whose slug the post's slug starts with
 * or contains. When several match, the longest slug wins ('san-francisco' over a 'san'), then the
 * one that appears first in the post slug, so the choice never depends on city order.
 */
export function sitemapCity<C extends Pick<LinkableCity, 'slug'>>(postSlug: string, cities: readonly C[]): C | undefined {
  let best: { city: C; at: number } | undefined;
  for (const city of cities) {
    const at = postSlug.indexOf(city.slug);
    if (at < 0) continue;
    if (!best || city.slug.length > best.city.slug.length || (city.slug.length === best.city.slug.length && at < best.at))
      best = { city, at };
  }
  return best?.city;
}

/**
 * Groups posts for the sitemap page by slug, not by their city id: each city (in the given order,
 * empty ones kept) with the posts filed under it, and the rest, which the page lists under /post/.
 * `listedUnderPost` names posts that go to the rest whatever their slug.
 */
export function groupForSitemap<C extends LinkableCity, P extends Pick<LinkablePost, 'slug'>>(
  cities: readonly C[],
  posts: readonly P[],
  listedUnderPost: readonly string[],
): SitemapGroups<C, P> {
  const special = new Set(listedUnderPost);
  const groups = new Map(cities.map((city) => [city.slug, { city, posts: [] as P[] }]));
  const other: P[] = [];
  for (const post of posts) {
    const city = special.has(post.slug) ? undefined : sitemapCity(post.slug, cities);
    if (city) groups.get(city.slug)!.posts.push(post);
    else other.push(post);
  }
  return { cities: [...groups.values()], other };
}

/** The page count the sitemap shows: the 6 fixed pages plus one per city plus one per post. */
const FIXED_SITEMAP_PAGES = 6;

export function sitemapTotal(cityCount: number, postCount: number): number {
  return FIXED_SITEMAP_PAGES + cityCount + postCount;
}
