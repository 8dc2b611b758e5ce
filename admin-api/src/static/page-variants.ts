import type { MiddlewareHandler } from 'hono';
import { barePath } from '@forkcast/shared/urls';

/**
 * The Cache-Control of a 301 to a page's one URL (the redirects to a post's canonical URL too), by
 * the query string the Location carries on: kept an hour, but by shared caches only without one,
 * as a CDN whose cache key leaves out the query string would hand one reader's query to the next.
 */
export function redirectCacheControl(search: string): string {
  return search.length > 1 ? 'private, max-age=3600' : 'public, max-age=3600';
}

/**
 * Answers `/kyoto/guide/` and `/kyoto/guide/index.html` (any spelling `barePath` knows) 301 to
 * `/kyoto/guide`, keeping the query string, so that a page is cached, and purged, under one URL.
 * Only GET and HEAD: anything else goes on as it came. nginx's recipe redirects the same paths.
 */
export const redirectPageVariants: MiddlewareHandler = async (c, next) => {
  const method = c.req.method;
  const bare = method === 'GET' || method === 'HEAD' ? barePath(c.req.path) : undefined;
  if (bare === undefined) return next();
  const search = new URL(c.req.url).search;
  c.header('Cache-Control', redirectCacheControl(search));
  return c.redirect(search.length > 1 ? `${bare}${search}` : bare, 301);
};
