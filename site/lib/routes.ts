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
    for (const route of postRoutes(post, post.cityId === null ? undefined : byId.get(post.cityId))) routes.add(route);
  }
  for (const range of ranges) routes.add(sitemapPostsPath(range));
  if (listedPosts > SITEMAP_LISTED_POSTS) for (const page of sitemapPages) routes.add(sitemapPagePath(page));
  return [...routes].sort();
}

/** A published post's own routes: a guide's page, itinerary page and spreadsheet, any other post's one canonical path. */
export function postRoutes(post: RoutablePost, city: RoutableCity | undefined): string[] {
  if (post.type === 'guide' && city) return [guidePath(city), itineraryCsvPath(city), itineraryPagePath(city)];
  return [canonicalPostPath(post, city)];
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

/** What a change that can add routes names, by the tags it wrote (content-db's TAG). */
export interface RouteChange {
  posts: number[];
  cities: number[];
  tags: string[];
  authors: number[];
}

// Past this many named posts a change is listed whole: a bulk change is rare, and any list of its
// routes would be as long as the site's.
const MAX_NAMED_POSTS = 500;

/**
 * The posts, cities, tags and authors a change names, when those are all whose routes it can add:
 * a change to a post names the post, its tags and its authors; to a city, the city; to a user, the
 * user. Undefined for a change whose routes only a full listing finds: an editor's page published or
 * taken down, the set of cities or of authors changed with none named, or too many posts at once.
 */
export function routeChange(tags: readonly string[]): RouteChange | undefined {
  const change: RouteChange = { posts: [], cities: [], tags: [], authors: [] };
  let named = { cities: false, authors: false };
  for (const tag of tags) {
    const match = /^(post|city|posts:tag|author|posts:author):(.+)$/.exec(tag);
    if (tag === 'site-pages') return undefined;
    if (!match) continue;
    const [, kind, value] = match as unknown as [string, string, string];
    if (kind === 'posts:tag') change.tags.push(value);
    else if (kind === 'post') change.posts.push(Number(value));
    else if (kind === 'city') change.cities.push(Number(value));
    else change.authors.push(Number(value));
    named = { cities: named.cities || kind === 'city', authors: named.authors || kind === 'author' || kind === 'posts:author' };
  }
  if ((tags.includes('cities') && !named.cities) || (tags.includes('authors') && !named.authors)) return undefined;
  if (change.posts.length > MAX_NAMED_POSTS) return undefined;
  return change;
}
