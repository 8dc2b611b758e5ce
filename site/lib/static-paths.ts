import { listBlocks, listCities, listContentItems, listPosts, listRestaurants } from '@forkcast/content-db';
import { devLocals } from './dev-locals';
import { sitemapPath } from './sitemap';
import { siteRoutes } from './routes';

/**
 * getStaticPaths for Astro's own static build (FORKCAST_OUTPUT=static), which the benchmark
 * compares our publisher against. The normal build is server output rendered by the publisher,
 * where these functions are not used. Each path carries a cacheKey for Astro's incremental build:
 * it changes whenever the data that page shows changes.
 */
async function data() {
  const { db } = await devLocals();
  const [cities, posts] = await Promise.all([listCities(db), listPosts(db, { publishedOnly: true })]);
  return { db, cities, posts, byId: new Map(cities.map((city) => [city.id, city])) };
}

async function bodyKey(postId: number): Promise<string> {
  const { db } = await devLocals();
  const [blocks, items] = await Promise.all([listBlocks(db, postId), listContentItems(db, postId)]);
  return [...blocks.map((b) => `${b.id}@${b.updatedAt}`), ...items.map((i) => `i${i.id}`)].join(',');
}

/** Everything listings show changes with any post or city: key them on the newest change. */
async function listKey(): Promise<string> {
  const { posts, cities } = await data();
  return [posts.length, cities.length, ...posts.map((p) => p.updatedAt).sort().slice(-1), ...cities.map((c) => c.updatedAt).sort().slice(-1)].join(':');
}

export async function cityPostPaths() {
  const { posts, byId } = await data();
  return Promise.all(
    posts
      .filter((post) => post.type === 'post' && post.cityId !== null && byId.has(post.cityId))
      .map(async (post) => ({ params: { city: byId.get(post.cityId!)!.slug, slug: post.slug }, cacheKey: `${post.updatedAt}|${await bodyKey(post.id)}|${await listKey()}` })),
  );
}

export async function plainPostPaths() {
  const { posts, byId } = await data();
  return Promise.all(
    posts
      .filter((post) => sitemapPath(post, post.cityId === null ? undefined : byId.get(post.cityId)).startsWith('/post/'))
      .map(async (post) => ({ params: { slug: post.slug }, cacheKey: `${post.updatedAt}|${await bodyKey(post.id)}|${await listKey()}` })),
  );
}

export async function guidePaths() {
  const { db, cities, posts } = await data();
  const withGuide = cities.filter((city) => posts.some((post) => post.type === 'guide' && post.cityId === city.id));
  return Promise.all(
    withGuide.map(async (city) => {
      const guide = posts.find((post) => post.type === 'guide' && post.cityId === city.id)!;
      const restaurants = await listRestaurants(db, city.id);
      return { params: { city: city.slug }, cacheKey: `${city.updatedAt}|${guide.updatedAt}|${restaurants.length}|${await bodyKey(guide.id)}|${await listKey()}` };
    }),
  );
}

export async function itineraryPaths() {
  return (await guidePaths()).map(({ params, cacheKey }) => ({ params: { file: `${params.city}.csv` }, cacheKey }));
}

export async function listingPaths() {
  const { cities, posts } = await data();
  const key = await listKey();
  return siteRoutes(cities, posts)
    .filter((route) => route.startsWith('/posts'))
    .map((route) => ({ params: { path: route === '/posts' ? undefined : route.slice('/posts/'.length) }, cacheKey: key }));
}
