/**
 * The server bundle's entry (dist/server/entry.mjs). Besides @astrojs/node's middleware `handler`,
 * it exports what the publisher needs to render the site without any HTTP in between: `render`
 * turns one route into a Response with the database handle and site settings passed in as locals
 * (no global db), and `listRoutes` says which routes exist for the current content.
 */
import { listAuthorPages, listCityLinks, listPostLinks, listPublishedSitePages, listRedirects, listTagPages } from '@forkcast/content-db';
import { REDIRECTS_ROUTE, redirectsText } from '@forkcast/shared/urls';
import { createApp } from 'astro/app/entrypoint';
import { siteRedirects } from './lib/redirects';
import { listingSlots } from './lib/listing-slots';
import { siteRoutes } from './lib/routes';

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

// Astro ignores page files whose names start with '_', so the redirects file is rendered here,
// from the same reads (and so the same tags) as any page: the other URLs of every published post,
// and the URLs posts and cities left behind when their slugs changed.
async function renderRedirects(locals: App.Locals): Promise<Response> {
  const [{ cities, posts }, stored] = await Promise.all([published(locals), listRedirects(locals.db)]);
  const redirects = [
    ...siteRedirects(cities, posts),
    ...stored.map(({ fromPath, toPath, status }) => ({ from: fromPath, to: toPath, status })),
  ];
  return new Response(redirectsText(redirects), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
