import type { Context } from 'hono';
import { getCityById, getPostBySlug, type Db } from '@forkcast/content-db';
import { canonicalPostPath, missingTarget, NOT_FOUND_ROUTES, redirectLocation } from '@forkcast/content-db/urls';
import type { AppEnv } from './context.ts';
import { routeFile } from './publisher/site-folder.ts';
import { sendFile } from './static/serve-files.ts';

const FALLBACK_PAGE = '<!doctype html><title>Not Found</title><h1>Page Not Found</h1>';

/** The canonical path of the published post with this slug, if there is one. */
async function canonicalPathOf(db: Db, slug: string): Promise<string | undefined> {
  const post = await getPostBySlug(db, slug, { publishedOnly: true });
  if (!post) return undefined;
  const city = post.cityId === null ? undefined : await getCityById(db, post.cityId);
  return canonicalPostPath(post, city);
}

/**
 * Answers a URL that no file in the site folder serves. A post asked for at one of its other URLs
 * (/post/{slug} of a city post, a wrong city, a guide's slug) gets a 301 to its canonical path,
 * keeping the query string; the site folder's `_redirects` file can only list the first kinds,
 * so the lookup by slug lives here. Anything else gets the not-found page that fits the URL's
 * shape (post, city guide, or any page), each a file rendered once into the site folder and sent
 * like any page, as its compressed copy when the client accepts one.
 */
export async function siteNotFound(c: Context<AppEnv>, siteDir: string): Promise<Response> {
  const target = missingTarget(c.req.path);
  if (target.kind === 'post' && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
    const canonical = await canonicalPathOf(c.get('db'), target.slug);
    if (canonical && canonical !== c.req.path) {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.redirect(redirectLocation(canonical, new URL(c.req.url).search), 301);
    }
  }
  const page = await sendFile(c, [routeFile(NOT_FOUND_ROUTES[target.kind])], {
    root: siteDir,
    cacheControl: () => 'no-cache',
    precompressed: true,
    status: 404,
  });
  if (page) return page;
  c.header('Cache-Control', 'no-cache');
  return c.html(FALLBACK_PAGE, 404);
}
