import type { MiddlewareHandler } from 'hono';
import { errors } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An unsafe request that some other credential than the browser's cookies authorises. */
export interface CrossSiteExemption {
  method: string;
  /** Matched against the whole request path. */
  path: RegExp;
}

/**
 * Refuses every unsafe request (JSON, multipart or form alike) that the browser marks as coming
 * from another site: Sec-Fetch-Site when the browser sends it, otherwise an Origin that is not
 * this site's. Requests with neither header are not from a browser page (curl, server to server)
 * and are left to authentication. The `exempt` requests carry their own authority (a signed
 * token in the path), which a forged cross-site request cannot have.
 */
export function refuseCrossSite(allowedOrigins: readonly string[], exempt: readonly CrossSiteExemption[] = []): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    const isExempt = exempt.some((rule) => rule.method === c.req.method && rule.path.test(c.req.path));
    if (!SAFE_METHODS.has(c.req.method) && !isExempt) {
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
