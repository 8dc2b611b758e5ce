import { listCities, listPosts, type Db } from '@forkcast/content-db';

/** Routes that exist whatever the content: SPEC §2's fixed pages and the 404 page. */
export const FIXED_ROUTES = ['/', '/city-guides', '/posts', '/about', '/terms', '/privacy', '/sitemap', '/admin', '/404'] as const;

/**
 * Every route the site folder should hold for the current database: the fixed pages, each
 * city's guide, and each published post at its card link (and at /post/{slug}).
 */
export async function listSiteRoutes(db: Db): Promise<string[]> {
  const [cities, posts] = await Promise.all([listCities(db), listPosts(db, { publishedOnly: true })]);
  const citySlugs = new Map(cities.map((city) => [city.id, city.slug]));
  const routes = new Set<string>(FIXED_ROUTES);
  for (const post of posts) {
    const citySlug = post.cityId === null ? undefined : citySlugs.get(post.cityId);
    if (post.type === 'guide') {
      if (citySlug) routes.add(`/${citySlug}/guide`);
    } else {
      routes.add(`/post/${post.slug}`);
      if (citySlug) routes.add(`/${citySlug}/${post.slug}`);
    }
  }
  return [...routes].sort();
}
