import type { LinkableCity, LinkablePost } from './links';

export interface SitemapEntry<P> {
  post: P;
  path: string;
}

export interface SitemapGroups<C, P> {
  cities: { city: C; posts: SitemapEntry<P>[] }[];
  /** Posts listed under /post/: those with no city, and those whose slug does not name their city. */
  other: SitemapEntry<P>[];
}

/**
 * SPEC §2 sitemap rule: a post is listed under its city (at /{citySlug}/{postSlug}) when its slug
 * contains the city's slug; otherwise, as the San Francisco post whose slug does not mention the
 * city, it is listed under /post/{slug}.
 */
export function sitemapPath(post: LinkablePost, city: Pick<LinkableCity, 'slug'> | undefined): string {
  return city && post.slug.includes(city.slug) ? `/${city.slug}/${post.slug}` : `/post/${post.slug}`;
}

export function groupForSitemap<C extends LinkableCity, P extends LinkablePost>(cities: readonly C[], posts: readonly P[]): SitemapGroups<C, P> {
  const groups = new Map(cities.map((city) => [city.id, { city, posts: [] as SitemapEntry<P>[] }]));
  const other: SitemapEntry<P>[] = [];
  for (const post of posts) {
    const group = post.cityId === null ? undefined : groups.get(post.cityId);
    const path = sitemapPath(post, group?.city);
    if (group && path.startsWith(`/${group.city.slug}/`)) group.posts.push({ post, path });
    else other.push({ post, path });
  }
  return { cities: [...groups.values()], other };
}

/** SPEC §9: 6 fixed pages plus one per city plus one per post. */
export const FIXED_SITEMAP_PAGES = 6;

export function sitemapTotal(cityCount: number, postCount: number): number {
  return FIXED_SITEMAP_PAGES + cityCount + postCount;
}
