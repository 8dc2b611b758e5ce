/**
 * The server bundle's entry (dist/server/entry.mjs). Besides @astrojs/node's middleware `handler`,
 * it exports what the publisher needs to render the site without any HTTP in between: `render`
 * turns one route into a Response with the database handle and site settings passed in as locals
 * (no global db), and `listRoutes` says which routes exist for the current content.
 */
import { listCities, listPosts } from '@forkcast/content-db';
import { createApp } from 'astro/app/entrypoint';
import { siteRoutes } from './lib/routes';

export { handler } from '@astrojs/node/server.js';

const app = createApp({ streaming: false });

export function render(request: Request, locals: App.Locals): Promise<Response> {
  return app.render(request, { locals });
}

export async function listRoutes(locals: App.Locals): Promise<string[]> {
  const [cities, posts] = await Promise.all([listCities(locals.db), listPosts(locals.db, { publishedOnly: true })]);
  return siteRoutes(cities, posts);
}
