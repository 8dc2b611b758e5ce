import type { Context } from 'hono';
import { findRedirect, getCityById, getPostBySlug, type Db } from '@forkcast/content-db';
import { canonicalPostPath, missingTarget, NOT_FOUND_ROUTES } from '@forkcast/shared/urls';
import type { AppEnv } from './context.ts';
import { routeFile } from './publisher/site-folder.ts';
import { redirectTo, type NewLocation } from './static/page-variants.ts';
import { sendFile, type SendFileOptions } from './static/serve-files.ts';

const FALLBACK_PAGE = '<!doctype html><title>Not Found</title><h1>Page Not Found</h1>';

/** The canonical path of the published post with this slug, if there is one. */
async function canonicalPathOf(db: Db, slug: string): Promise<string | undefined> {
  const post = await getPostBySlug(db, slug, { publishedOnly: true });
  if (!post) return undefined;
  const city = post.cityId === null ? undefined : await getCityById(db, post.cityId);
  return canonicalPostPath(post, city);
}

/** Where a path leads now, and how: a stored redirect (one a post, city or author left behind, or an editor's), or a post's canonical path by its slug. */
export async function newLocation(db: Db, path: string): Promise<NewLocation | undefined> {
  const stored = await findRedirect(db, path);
  if (stored) return { to: stored.toPath, status: stored.status, stored: true };
  const target = missingTarget(path);
  const canonical = target.kind === 'post' ? await canonicalPathOf(db, target.slug) : undefined;
  return canonical === undefined ? undefined : { to: canonical, status: 301, stored: false };
}

/**
 * Answers a URL that no file in the site folder serves. A URL a post or city left behind when its
 * slug changed gets a 301 to where it lives now, one an editor redirected gets their 301 or 302; a post asked for at one of its other URLs
 * (/post/{slug} of a city post, a wrong city, a guide's slug) gets a 301 to its canonical path,
 * keeping the query string; the site folder's `_redirects` file can only list the first kinds,
 * so the lookup by slug lives here. Anything else gets the not-found page that fits the URL's
 * shape (post, city guide, or any page), each a file rendered once into the site folder and sent
 * like any page, as its compressed copy when the client accepts one (`pages`: the site folder, as
 * the app sends its not-found pages).
 */
export async function siteNotFound(c: Context<AppEnv>, pages: SendFileOptions): Promise<Response> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') {
    const location = await newLocation(c.get('db'), c.req.path);
    if (location && location.to !== c.req.path) return redirectTo(c, location, new URL(c.req.url).search);
  }
  const target = missingTarget(c.req.path);
  const page = await sendFile(c, [routeFile(NOT_FOUND_ROUTES[target.kind])], pages);
  if (page) return page;
  c.header('Cache-Control', 'no-cache');
  return c.html(FALLBACK_PAGE, 404);
}
