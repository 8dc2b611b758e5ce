import type { Hono, MiddlewareHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';

const METHODS = ['DELETE', 'GET', 'PATCH', 'POST', 'PUT'] as const;

/**
 * The methods the app's own routes take at a path, read from its route table (its middleware, which
 * every method passes through, aside), so that the answer to a wrong method names them without a
 * list kept by hand. HEAD goes with GET, as the app answers it. The table is read at the first ask,
 * once every route is in it.
 */
function allowedMethods(app: Hono<AppEnv>): (path: string) => string[] {
  let router: TrieRouter<true> | undefined;
  return (path) => {
    if (!router) {
      router = new TrieRouter();
      for (const { method, path: pattern } of app.routes) if (method !== 'ALL') router.add(method, pattern, true);
    }
    const routes = router;
    const allowed: string[] = METHODS.filter((method) => routes.match(method, path)[0].length > 0);
    return allowed.includes('GET') ? [...allowed, 'HEAD'].sort() : allowed;
  };
}

/**
 * Refuses a method no route takes at a path that routes take with others: 405, with `Allow` naming
 * them, before any route's own checks (a sign-in, a body), so the answer is the same for everyone.
 * A path no route takes goes on, to a file of the site folder or a 404.
 */
export function refuseWrongMethods(app: Hono<AppEnv>): MiddlewareHandler<AppEnv> {
  const methodsAt = allowedMethods(app);
  return async (c, next) => {
    const allowed = methodsAt(c.req.path);
    if (allowed.length === 0 || allowed.includes(c.req.method)) return next();
    c.header('Allow', allowed.join(', '));
    // Refused before the API's own Cache-Control rule runs; a 405 may otherwise be kept by a cache.
    c.header('Cache-Control', 'no-store');
    throw errors.methodNotAllowed(c.req.method, allowed);
  };
}
