import {
  listAuthorPages,
  listBlocks,
  listCities,
  listContentItems,
  listPosts,
  listPublishedSitePages,
  listRestaurants,
  listTagPages,
} from '@forkcast/content-db';
import { canonicalPostPath } from '@forkcast/shared/urls';
import { devLocals } from '../../../site/lib/dev-locals.ts';
import { listingSlots } from '../../../site/lib/listing-slots.ts';
import { siteRoutes } from '../../../site/lib/routes.ts';

/**
 * getStaticPaths for the benchmark's Astro static build, the peer our publisher is measured
 * against: the same routes the publisher lists, from the same database. Each path carries a
 * cacheKey for Astro's incremental build: it changes whenever the data that page shows changes.
 */
async function data() {
  const { db } = await devLocals();
  const [cities, posts, tagPages, authorPages, slots] = await Promise.all([
    listCities(db),
    listPosts(db, { publishedOnly: true }),
    listTagPages(db, {}),
    listAuthorPages(db, {}),
    listingSlots(db),
  ]);
  return { db, cities, posts, tagPages, authorPages, slots, byId: new Map(cities.map((city) => [city.id, city])) };
}

async function bodyKey(postId: number): Promise<string> {
  const { db } = await devLocals();
  const [blocks, items] = await Promise.all([listBlocks(db, postId), listContentItems(db, postId)]);
  return [...blocks.map((b) => `${b.id}@${b.updatedAt}`), ...items.map((i) => `i${i.id}`)].join(',');
}

/** Everything listings show changes with any post or city: key them on the newest change. */
function listKey({ posts, cities }: Awaited<ReturnType<typeof data>>): string {
  const newest = (dates: string[]) => dates.reduce((a, b) => (a > b ? a : b), '');
  return [posts.length, cities.length, newest(posts.map((p) => p.updatedAt)), newest(cities.map((c) => c.updatedAt))].join(':');
}

export async function cityPostPaths() {
  const all = await data();
  const key = listKey(all);
  return Promise.all(
    all.posts
      .filter((post) => post.type === 'post' && post.cityId !== null && all.byId.has(post.cityId))
      .map(async (post) => ({
        params: { city: all.byId.get(post.cityId!)!.slug, slug: post.slug },
        cacheKey: `${post.updatedAt}|${await bodyKey(post.id)}|${key}`,
      })),
  );
}

export async function plainPostPaths() {
  const all = await data();
  const key = listKey(all);
  return Promise.all(
    all.posts
      .filter((post) => canonicalPostPath(post, post.cityId === null ? undefined : all.byId.get(post.cityId)).startsWith('/post/'))
      .map(async (post) => ({ params: { slug: post.slug }, cacheKey: `${post.updatedAt}|${await bodyKey(post.id)}|${key}` })),
  );
}

export async function guidePaths() {
  const all = await data();
  const key = listKey(all);
  const guides = new Map(all.posts.filter((post) => post.type === 'guide' && post.cityId !== null).map((post) => [post.cityId, post]));
  return Promise.all(
    all.cities
      .filter((city) => guides.has(city.id))
      .map(async (city) => {
        const guide = guides.get(city.id)!;
        const restaurants = await listRestaurants(all.db, city.id);
        return {
          params: { city: city.slug },
          cacheKey: `${city.updatedAt}|${guide.updatedAt}|${restaurants.length}|${await bodyKey(guide.id)}|${key}`,
        };
      }),
  );
}

export async function itineraryPaths() {
  return (await guidePaths()).map(({ params, cacheKey }) => ({ params: { file: `${params.city}.csv` }, cacheKey }));
}

export async function listingPaths() {
  const all = await data();
  const key = listKey(all);
  return siteRoutes(all.cities, all.posts, all.tagPages, all.authorPages, all.slots)
    .filter((route) => route.startsWith('/posts'))
    .map((route) => ({ params: { path: route === '/posts' ? undefined : route.slice('/posts/'.length) }, cacheKey: key }));
}

export async function tagPaths() {
  const all = await data();
  const key = listKey(all);
  return siteRoutes(all.cities, all.posts, all.tagPages, all.authorPages, all.slots)
    .filter((route) => route.startsWith('/tags/'))
    .map((route) => {
      const [tag, ...page] = route.slice('/tags/'.length).split('/');
      return { params: { tag, page: page.length > 0 ? page.join('/') : undefined }, cacheKey: key };
    });
}

/** The pages editors write (About, Terms and Privacy among them), each keyed on its own last change. */
export async function sitePagePaths() {
  const { db } = await devLocals();
  return (await listPublishedSitePages(db)).map((page) => ({ params: { page: page.slug }, cacheKey: page.updatedAt }));
}

export async function sitemapPaths() {
  const all = await data();
  const key = listKey(all);
  return siteRoutes(all.cities, all.posts, all.tagPages, all.authorPages, all.slots)
    .filter((route) => route.startsWith('/sitemaps/posts-'))
    .map((route) => ({ params: { file: route.slice('/sitemaps/'.length) }, cacheKey: key }));
}

/** /sitemap and its numbered pages (routes.ts), which list the posts once /sitemap holds too many. */
export async function sitemapPagePaths() {
  const all = await data();
  const key = listKey(all);
  return siteRoutes(all.cities, all.posts, all.tagPages, all.authorPages, all.slots)
    .filter((route) => route === '/sitemap' || route.startsWith('/sitemap/'))
    .map((route) => ({ params: { page: route === '/sitemap' ? undefined : route.slice('/sitemap/'.length) }, cacheKey: key }));
}

export async function authorPaths() {
  const all = await data();
  const key = listKey(all);
  return siteRoutes(all.cities, all.posts, all.tagPages, all.authorPages)
    .filter((route) => route.startsWith('/authors/') && !route.endsWith('.xml'))
    .map((route) => {
      const [author, ...page] = route.slice('/authors/'.length).split('/');
      return { params: { author, page: page.length > 0 ? page.join('/') : undefined }, cacheKey: key };
    });
}

export async function authorFeedPaths() {
  const all = await data();
  const key = listKey(all);
  return all.authorPages.map(({ slug }) => ({ params: { author: slug }, cacheKey: key }));
}
