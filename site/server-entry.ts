/**
 * The server bundle's entry (dist/server/entry.mjs). Besides @astrojs/node's middleware `handler`,
 * it exports what the publisher needs to render the site without any HTTP in between: `render`
 * turns one route into a Response with the database handle and site settings passed in as locals
 * (no global db), and `listRoutes` says which routes exist for the current content.
 */
import {
  countArchiveSlots,
  countPostsByIdRange,
  countPublishedPosts,
  listAuthorPages,
  listAuthors,
  listCityLinks,
  listPostLinks,
  listPublishedSitePages,
  listRedirects,
  listTagPages,
} from '@forkcast/content-db';
import {
  authorFeedPath,
  authorPagePath,
  REDIRECTS_ROUTE,
  SITEMAP_POSTS_PER_FILE,
  sitemapPostsPath,
  tagPagePath,
} from '@forkcast/shared/urls';
import { createApp } from 'astro/app/entrypoint';
import { redirectsFile } from './lib/redirects';
import { listingSlots } from './lib/listing-slots';
import { listingPaths } from './lib/archive';
import { POST_FILTER_KEYS, POST_FILTERS } from './lib/listing';
import { postRoutes, routeChange, siteRoutes } from './lib/routes';
import { SITEMAP_LISTED_POSTS, sitemapPagePath } from './lib/sitemap';

export { handler } from '@astrojs/node/server.js';

const app = createApp({ streaming: false });
// Readers get the Content-Security-Policy from the `_headers` file the build writes (see
// astro.config.mjs), and the publisher keeps only a page's body. Astro would otherwise hash every
// inline style and script of each page it renders (on the thread pool, through WebCrypto) into a
// policy header that nobody reads, a quarter of the time it takes to render a post page. The pages
// are the same bytes.
app.manifest.shouldInjectCspMetaTags = false;

export function render(request: Request, locals: App.Locals): Promise<Response> {
  if (new URL(request.url).pathname === REDIRECTS_ROUTE) return renderRedirects(locals);
  return app.render(request, { locals });
}

async function published(locals: App.Locals) {
  const [cities, posts] = await Promise.all([listCityLinks(locals.db), listPostLinks(locals.db, {})]);
  return { cities, posts };
}

export async function listRoutes(locals: App.Locals): Promise<string[]> {
  const [{ cities, posts }, tagPages, authorPages, slots, sitePages] = await Promise.all([
    published(locals),
    listTagPages(locals.db, {}),
    listAuthorPages(locals.db, {}),
    listingSlots(locals.db),
    listPublishedSitePages(locals.db),
  ]);
  return siteRoutes(cities, posts, tagPages, authorPages, slots, sitePages);
}

/**
 * The routes a change can have brought into being, listed without listing every route (which reads
 * every post, tag and author): the routes of the posts it names and of the posts of the cities it
 * names, the pages of the /posts tabs, of the tags and of the authors it names (only the newest
 * pages of a listing: a listing grows at its end), every sitemap file and numbered /sitemap page.
 * Undefined when only a full listing can tell (routeChange). Routes a change removes are not listed:
 * each read what the change wrote, so the publisher renders it again, and it answers 404.
 */
export async function listRoutesChangedBy(locals: App.Locals, tags: readonly string[]): Promise<string[] | undefined> {
  const change = routeChange(tags);
  if (!change) return undefined;
  const { db } = locals;
  const [cities, posts, slots, ranges, postRanges] = await Promise.all([
    listCityLinks(db),
    listPostLinks(db, {}),
    listingSlots(db),
    countPostsByIdRange(db, { size: SITEMAP_POSTS_PER_FILE }),
    countPostsByIdRange(db, { size: SITEMAP_POSTS_PER_FILE, type: 'post' }),
  ]);
  const [named, namedCities] = [new Set(change.posts), new Set(change.cities)];
  const byId = new Map(cities.map((city) => [city.id, city]));
  const routes: string[] = [];
  for (const post of posts) {
    if (!named.has(post.id) && (post.cityId === null || !namedCities.has(post.cityId))) continue;
    routes.push(...postRoutes(post, post.cityId === null ? undefined : byId.get(post.cityId)));
  }
  const tagPages = (
    await Promise.all(
      change.tags.map(async (slug) => ({
        slug,
        count: await countPublishedPosts(db, { tagSlug: slug }),
        slots: await countArchiveSlots(db, { tagSlug: slug }),
      })),
    )
  ).filter((page) => page.count > 0);
  const authors = await listAuthors(db, [...new Set(change.authors)]);
  const authorPages = (
    await Promise.all(authors.map(async (author) => ({ slug: author.slug, count: await countPublishedPosts(db, { authorId: author.id }) })))
  ).filter((page) => page.count > 0);
  // A listing grows at its end, by at most a page for each post a publish adds to it.
  const newest = (paths: string[]) => [paths[0]!, ...paths.slice(1).slice(-(change.posts.length + 2))];
  const listings = [
    ...POST_FILTER_KEYS.map((key) => listingPaths(POST_FILTERS[key].base, slots[key])),
    ...tagPages.map((page) => listingPaths(tagPagePath(page.slug), page.slots)),
    ...authorPages.map((page) => listingPaths(authorPagePath(page.slug), page.count)),
  ].flatMap(newest);
  return [
    ...routes,
    ...listings,
    ...authorPages.map(({ slug }) => authorFeedPath(slug)),
    ...ranges.map(({ range }) => sitemapPostsPath(range)),
    ...(postRanges.reduce((sum, { count }) => sum + count, 0) > SITEMAP_LISTED_POSTS
      ? postRanges.map(({ range }) => sitemapPagePath(range))
      : []),
  ];
}

// Astro ignores page files whose names start with '_', so the redirects file is rendered here,
// from the same reads (and so the same tags) as any page: the other URLs of every published post,
// and the URLs posts and cities left behind when their slugs changed.
async function renderRedirects(locals: App.Locals): Promise<Response> {
  const [{ cities, posts }, stored] = await Promise.all([published(locals), listRedirects(locals.db)]);
  // Sorted as redirectsText sorts them, and kept from render to render (see redirectsFile).
  const parts = redirectsFile(
    stored.map(({ fromPath, toPath, status }) => `${fromPath} ${toPath} ${status}`),
    cities,
    posts,
  );
  // The file's parts as a stream, which the publisher joins as it reads: the file whole would be
  // one copy of it, the Response's own copy of those bytes a second, and the read a third.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
