import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';

/**
 * One structured line per request: id, method, path (no query string, which can carry tokens),
 * status and duration. Bodies, cookies and authorization headers are never logged.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const entry = {
      reqId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round(performance.now() - started),
    };
    if (status >= 500) logger.error(entry, 'request failed');
    else logger.info(entry, 'request');
  };
}
