import {
  authorFeedPath,
  authorPagePath,
  canonicalPostPath,
  FIXED_ROUTES,
  itineraryCsvPath,
  sitePagePath,
  sitemapPostsPath,
  sitemapRange,
  tagPagePath,
} from '@forkcast/shared/urls';
import { listingPaths } from './archive';
import { itineraryPagePath } from './itinerary';
import { guidePath, type LinkableCity, type LinkablePost } from './links';
import { POST_FILTER_KEYS, POST_FILTERS, type PostFilterKey } from './listing';
import { SITEMAP_LISTED_POSTS, sitemapPagePath } from './sitemap';

export interface RoutableCity extends LinkableCity {}
export interface RoutablePost extends LinkablePost {
  id: number;
}

/** A tag page, how many published posts it lists and how many places its archive has (the count without). */
export interface TagPage {
  slug: string;
  count: number;
  slots?: number;
}

/** An author page (by the author's slug) and how many published posts it lists. */
export interface AuthorPage {
  slug: string;
  count: number;
}

/**
 * Every route the site folder holds for this content (published posts only): the fixed pages, the
 * /posts listings and their archive pages, each city's guide, itinerary page and itinerary CSV,
 * each post at its one canonical path (its other URLs are redirects, not pages), each tag's page
 * and its archive pages, each author's page, its archive pages and feed, and a sitemap file per
 * range of post ids, the numbered /sitemap pages once it lists too many posts itself (sitemap.ts),
 * and each published page an editor wrote (`sitePages`). `listingSlots` is how many places each tab's archive has (archive.ts); without
 * it, its published posts.
 */
export function siteRoutes(
  cities: readonly RoutableCity[],
  publishedPosts: readonly RoutablePost[],
  tagPages: readonly TagPage[],
  authorPages: readonly AuthorPage[],
  listingSlots?: Record<PostFilterKey, number>,
  sitePages: readonly { slug: string }[] = [],
): string[] {
  const totals =
    listingSlots ??
    (Object.fromEntries(
      POST_FILTER_KEYS.map((filter) => {
        const type = POST_FILTERS[filter].type;
        return [filter, publishedPosts.filter((post) => !type || post.type === type).length];
      }),
    ) as Record<PostFilterKey, number>);
  const routes = new Set<string>([
    ...FIXED_ROUTES,
    ...listingRoutes(totals, tagPages, authorPages),
    ...authorPages.map(({ slug }) => authorFeedPath(slug)),
    ...sitePages.map(({ slug }) => sitePagePath(slug)),
  ]);
  const byId = new Map(cities.map((city) => [city.id, city]));
  const ranges = new Set<number>();
  // The numbered /sitemap pages (of the ranges with a post of type post), once it lists too many itself.
  const sitemapPages = new Set<number>();
  let listedPosts = 0;
  for (const post of publishedPosts) {
    ranges.add(sitemapRange(post.id));
    if (post.type === 'post') {
      listedPosts++;
      sitemapPages.add(sitemapRange(post.id));
    }
    const city = post.cityId === null ? undefined : byId.get(post.cityId);
    if (post.type === 'guide' && city) {
      routes.add(guidePath(city));
      routes.add(itineraryCsvPath(city));
      routes.add(itineraryPagePath(city));
      continue;
    }
    routes.add(canonicalPostPath(post, city));
  }
  for (const range of ranges) routes.add(sitemapPostsPath(range));
  if (listedPosts > SITEMAP_LISTED_POSTS) for (const page of sitemapPages) routes.add(sitemapPagePath(page));
  return [...routes].sort();
}

/**
 * The pages of the /posts tabs, given how many places each one's archive has, of every tag and of
 * every author (an author's pages count their published posts).
 */
export function listingRoutes(
  totals: Record<PostFilterKey, number>,
  tagPages: readonly TagPage[],
  authorPages: readonly AuthorPage[],
): string[] {
  return [
    ...POST_FILTER_KEYS.flatMap((filter) => listingPaths(POST_FILTERS[filter].base, totals[filter])),
    ...tagPages.flatMap(({ slug, count, slots }) => listingPaths(tagPagePath(slug), slots ?? count)),
    ...authorPages.flatMap(({ slug, count }) => listingPaths(authorPagePath(slug), count)),
  ];
}
