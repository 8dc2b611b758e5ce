import type { MiddlewareHandler } from 'hono';
import { errors } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses every unsafe request (JSON, multipart or form alike) that the browser marks as coming
 * from another site: Sec-Fetch-Site when the browser sends it, otherwise an Origin that is not
 * this site's. Requests with neither header are not from a browser page (curl, server to server)
 * and are left to authentication.
 */
export function refuseCrossSite(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const site = c.req.header('sec-fetch-site');
      const origin = c.req.header('origin');
      const ownOrigin = new URL(c.req.url).origin;
      const crossSite =
        site !== undefined
          ? site !== 'same-origin' && site !== 'none'
          : origin !== undefined && origin !== ownOrigin && !allowed.has(origin);
      if (crossSite) throw errors.crossSite();
    }
    await next();
  };
}
