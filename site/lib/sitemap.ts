import type { LinkableCity, LinkablePost } from './links';
import { escapeXml } from './xml';
import { SITEMAP_POSTS_PER_FILE } from '@forkcast/shared/urls';

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
 * sitemapCity for many posts: the cities are looked up by the two characters their slugs begin
 * with at each position of a post's slug, rather than each city searched for in every slug (the
 * /sitemap page files every post, 10,000 of them against 200 cities in the benchmark).
 */
function cityMatcher<C extends Pick<LinkableCity, 'slug'>>(cities: readonly C[]): (postSlug: string) => C | undefined {
  // Keyed by the first two UTF-16 units as one number; a one-letter slug by its only unit.
  const byStart = new Map<number, C[]>();
  const startKey = (text: string, at: number, length: number) =>
    length === 1 ? -1 - text.charCodeAt(at) : text.charCodeAt(at) * 65536 + text.charCodeAt(at + 1);
  for (const city of cities) {
    if (city.slug.length === 0) continue;
    const key = startKey(city.slug, 0, Math.min(2, city.slug.length));
    const group = byStart.get(key);
    if (group) group.push(city);
    else byStart.set(key, [city]);
  }
  const consider = (best: C | undefined, group: C[] | undefined, postSlug: string, at: number) => {
    if (group)
      for (const city of group) if (postSlug.startsWith(city.slug, at) && (!best || city.slug.length > best.slug.length)) best = city;
    return best;
  };
  return (postSlug) => {
    let best: C | undefined;
    // Positions in order, so among matches of one length the first in the slug is kept.
    for (let at = 0; at < postSlug.length; at++) {
      best = consider(best, byStart.get(startKey(postSlug, at, 1)), postSlug, at);
      if (at + 1 < postSlug.length) best = consider(best, byStart.get(startKey(postSlug, at, 2)), postSlug, at);
    }
    return best;
  };
}

// The city slug each post slug was filed under, for the city slugs it was filed against: the page
// is rendered again for every new post, and all but the new slug were filed the time before.
let filed: { cities: string; bySlug: Map<string, string | undefined> } | undefined;
// Slugs of posts that were since re-slugged or removed are forgotten past this many entries.
const MAX_FILED = 100_000;

function filing(cities: readonly Pick<LinkableCity, 'slug'>[]): (postSlug: string) => string | undefined {
  const key = cities.map((city) => city.slug).join('/');
  if (filed?.cities !== key || filed.bySlug.size > MAX_FILED) filed = { cities: key, bySlug: new Map() };
  const { bySlug } = filed;
  const cityOf = cityMatcher(cities);
  return (postSlug) => {
    if (bySlug.has(postSlug)) return bySlug.get(postSlug);
    const slug = cityOf(postSlug)?.slug;
    bySlug.set(postSlug, slug);
    return slug;
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
  const cityOf = filing(cities);
  for (const post of posts) {
    const slug = special.has(post.slug) ? undefined : cityOf(post.slug);
    const group = slug === undefined ? undefined : groups.get(slug);
    if (group) group.posts.push(post);
    else other.push(post);
  }
  return { cities: [...groups.values()], other };
}

/**
 * The /sitemap page lists every post itself while there are at most this many; past that, one
 * page listing them all would be rendered again, whole, for every post added or removed, so the
 * posts are listed on numbered pages instead, /sitemap/n holding the ids of sitemap file n
 * (`sitemapRange`), and a new post changes /sitemap's counts and the one page of its range.
 */
export const SITEMAP_LISTED_POSTS = SITEMAP_POSTS_PER_FILE;

/** The numbered sitemap page of the posts with ids in range n (`sitemapRange`). */
export function sitemapPagePath(range: number): string {
  return `/sitemap/${range}`;
}

/** The range of post ids a numbered sitemap page's path names, or undefined when it names none. */
export function sitemapPageRange(param: string | undefined): number | undefined {
  return param !== undefined && /^[1-9]\d{0,8}$/.test(param) ? Number(param) : undefined;
}

/** The ids a numbered sitemap page lists, first and last. */
export function sitemapPageIds(range: number): { idFrom: number; idTo: number } {
  return { idFrom: (range - 1) * SITEMAP_POSTS_PER_FILE + 1, idTo: range * SITEMAP_POSTS_PER_FILE };
}

/** What a numbered sitemap page is called: 'Posts 251 to 500'. */
export function sitemapPageLabel(range: number): string {
  const { idFrom, idTo } = sitemapPageIds(range);
  return `Posts ${idFrom.toLocaleString('en-US')} to ${idTo.toLocaleString('en-US')}`;
}

/**
 * Groups a numbered sitemap page's posts by their own city (its cities given, of any order), the
 * cities by name, and the posts without one: unlike /sitemap's filing by slug, which reads every
 * city (so a new city would render every numbered page again), this reads only the cities listed.
 */
export function groupByOwnCity<C extends LinkableCity, P extends Pick<LinkablePost, 'cityId'>>(
  cities: readonly C[],
  posts: readonly P[],
): SitemapGroups<C, P> {
  const groups = new Map(
    [...cities].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id).map((city) => [city.id, { city, posts: [] as P[] }]),
  );
  const other: P[] = [];
  for (const post of posts) {
    const group = post.cityId === null ? undefined : groups.get(post.cityId);
    if (group) group.posts.push(post);
    else other.push(post);
  }
  return { cities: [...groups.values()], other };
}

/** The page count the sitemap shows: the 6 fixed pages plus one per city plus one per post. */
const FIXED_SITEMAP_PAGES = 6;

export function sitemapTotal(cityCount: number, postCount: number): number {
  return FIXED_SITEMAP_PAGES + cityCount + postCount;
}

/**
 * List items of links as one HTML string, for `set:html`: the /sitemap page lists every post
 * (10,000 in the benchmark) and is rendered again for each new one, and one string is built in a
 * fraction of the time Astro takes to render the items one element at a time.
 */
export function linkItems(links: readonly { href: string; label: string }[]): string {
  let html = '';
  for (const { href, label } of links) html += `<li><a href="${escapeXml(href)}">${escapeXml(label)}</a></li>`;
  return html;
}
