import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';

// Paths that carry a secret of their own: an unsubscribe link works for whoever holds it.
const SECRET_SEGMENTS: [RegExp, string][] = [[/^(\/api\/newsletter\/unsubscribe\/)[^/]+/, '$1:token']];

/** A request path as it may be logged: without the query string (which can carry tokens) or a secret segment. */
export function loggedPath(path: string): string {
  return SECRET_SEGMENTS.reduce((logged, [pattern, replacement]) => logged.replace(pattern, replacement), path);
}

/**
 * One structured line per request: id, method, path (no query string and no token), status and
 * duration. Bodies, cookies and authorization headers are never logged.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  // These lines hold only the fields above, none a secret: the logger's redaction (which walks every
  // object logged for its paths) is left off them, half the cost of a line on every page served.
  const lines = logger.child({}, { redact: [] });
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const entry = {
      reqId: c.get('requestId'),
      method: c.req.method,
      path: loggedPath(c.req.path),
      status,
      ms: Math.round(performance.now() - started),
    };
    if (status >= 500) lines.error(entry, 'request failed');
    else lines.info(entry, 'request');
  };
}
