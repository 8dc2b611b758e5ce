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
  return cityMatcher(cities)(postSlug);
}

/**
 * sitemapCity for many posts: the cities are looked up by the letters their slugs begin with at
 * each position of a post's slug, rather than each city searched for in every slug (the /sitemap
 * page files every post, 10,000 of them against 200 cities in the benchmark).
 */
function cityMatcher<C extends Pick<LinkableCity, 'slug'>>(cities: readonly C[]): (postSlug: string) => C | undefined {
  const byStart = new Map<string, C[]>();
  for (const city of cities) {
    const start = city.slug.slice(0, 2);
    byStart.set(start, [...(byStart.get(start) ?? []), city]);
  }
  return (postSlug) => {
    let best: C | undefined;
    // Positions in order, so among matches of one length the first in the slug is kept.
    for (let at = 0; at < postSlug.length; at++) {
      const starts = at + 1 < postSlug.length ? [postSlug[at]!, postSlug.slice(at, at + 2)] : [postSlug[at]!];
      for (const start of starts) {
        for (const city of byStart.get(start) ?? []) {
          if (postSlug.startsWith(city.slug, at) && (!best || city.slug.length > best.slug.length)) best = city;
        }
      }
    }
    return best;
  };
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
  const cityOf = cityMatcher(cities);
  for (const post of posts) {
    const city = special.has(post.slug) ? undefined : cityOf(post.slug);
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
