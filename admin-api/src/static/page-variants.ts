import type { Context, MiddlewareHandler } from 'hono';
import { barePath, redirectLocation, storedRedirectLocation, type RedirectStatus } from '@forkcast/shared/urls';

/**
 * The Cache-Control of a 301 to a page's one URL (the redirects to a post's canonical URL too), by
 * the query string the Location carries on: kept an hour, but by shared caches only without one,
 * as a CDN whose cache key leaves out the query string would hand one reader's query to the next.
 */
export function redirectCacheControl(search: string): string {
  return search.length > 1 ? 'private, max-age=3600' : 'public, max-age=3600';
}

/** Where a path that serves no page leads now: a stored redirect's target, or a post's canonical path. */
export interface NewLocation {
  to: string;
  status: RedirectStatus;
  /** A stored redirect (its target may be another site's URL), rather than a path of ours. */
  stored: boolean;
}

/** The answer sending a reader on to a path's new location, keeping the query string. */
export function redirectTo(c: Context, location: NewLocation, search: string): Response {
  // A 302 is for now: caches ask again each time, so it ends when the editor deletes it.
  c.header('Cache-Control', location.status === 302 ? 'no-cache' : redirectCacheControl(search));
  return c.redirect((location.stored ? storedRedirectLocation : redirectLocation)(location.to, search), location.status);
}

/**
 * Answers `/kyoto/guide/` and `/kyoto/guide/index.html` (any spelling `barePath` knows) 301 to
 * `/kyoto/guide`, keeping the query string, so that a page is cached, and purged, under one URL.
 * When the bare path has itself moved (`newLocation`: a redirect an editor or a Ghost import made,
 * a re-slugged post), the answer leads straight to where it went, in one hop rather than two.
 * Only GET and HEAD: anything else goes on as it came. nginx's recipe redirects the same paths.
 */
export function redirectPageVariants(newLocation: (path: string) => Promise<NewLocation | undefined>): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    const bare = method === 'GET' || method === 'HEAD' ? barePath(c.req.path) : undefined;
    if (bare === undefined) return next();
    const search = new URL(c.req.url).search;
    const moved = await newLocation(bare);
    if (moved && moved.to !== bare) return redirectTo(c, moved, search);
    c.header('Cache-Control', redirectCacheControl(search));
    return c.redirect(search.length > 1 ? `${bare}${search}` : bare, 301);
  };
}
