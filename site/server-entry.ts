/**
 * The server bundle's entry (dist/server/entry.mjs). Besides @astrojs/node's middleware `handler`,
 * it exports `render`, which the publisher uses to render one route straight to a Response with
 * the database handle and site settings passed in as locals: no global db, no HTTP round trip.
 */
import { createApp } from 'astro/app/entrypoint';

export { handler } from '@astrojs/node/server.js';

const app = createApp({ streaming: false });

export function render(request: Request, locals: App.Locals): Promise<Response> {
  return app.render(request, { locals });
}
