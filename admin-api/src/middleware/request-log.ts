import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';

// API paths that carry a secret of their own: an unsubscribe link works for whoever holds it.
const SECRET_SEGMENTS: [RegExp, string][] = [[/^(\/api\/newsletter\/unsubscribe\/)[^/]+/, '$1:token']];

/** A request path as it may be logged: without the query string (which can carry tokens) or a secret segment. */
export function loggedPath(path: string): string {
  if (!path.startsWith('/api/')) return path;
  return SECRET_SEGMENTS.reduce((logged, [pattern, replacement]) => logged.replace(pattern, replacement), path);
}

// A proxy in front (nginx's $request_id) may name the request; anything but a short plain token is replaced.
const GIVEN_ID = /^[\w\-=]{1,255}$/;

/** The id of a request: the X-Request-Id a proxy in front gave it when that is a plain token, else a new one. */
export function requestIdOf(given: string | undefined): string {
  return given !== undefined && GIVEN_ID.test(given) ? given : crypto.randomUUID();
}

/** Names each request (`c.get('requestId')`) and says its id in the answer's X-Request-Id. */
export const assignRequestId: MiddlewareHandler<{ Variables: { requestId: string } }> = async (c, next) => {
  const id = requestIdOf(c.req.header('x-request-id'));
  c.set('requestId', id);
  c.header('X-Request-Id', id);
  await next();
};

interface RequestLine {
  reqId: string;
  method: string;
  /** The path as requested; logged without its secret segments. */
  path: string;
  status: number;
  /** When the request was taken up, by `performance.now()`. */
  started: number;
}

export type WriteRequestLine = (line: RequestLine) => void;

/**
 * One structured line per request: id, method, path (no query string and no token), status and
 * duration. Bodies, cookies and authorization headers are never logged. Every path that answers a
 * request writes through this one function.
 */
export function requestLines(logger: Logger): WriteRequestLine {
  // These lines hold only the fields above, none a secret: the logger's redaction (which walks every
  // object logged for its paths) is left off them, half the cost of a line on every page served.
  const lines = logger.child({}, { redact: [] });
  return ({ reqId, method, path, status, started }) => {
    const entry = { reqId, method, path: loggedPath(path), status, ms: Math.round(performance.now() - started) };
    if (status >= 500) lines.error(entry, 'request failed');
    else lines.info(entry, 'request');
  };
}

/** Logs each request the app answers, once it has answered. */
export function requestLog(write: WriteRequestLine): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    write({ reqId: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, started });
  };
}
