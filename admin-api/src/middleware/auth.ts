import { createMiddleware } from 'hono/factory';
import { currentUser } from '../auth/sessions.ts';
import type { AppEnv } from '../context.ts';

/**
 * Puts the signed-in user (or undefined) on the context for every /api request; the guards of
 * permissions/guards.ts read it. Whatever a signed-in user is answered (drafts, subscribers,
 * details) is theirs alone: no shared cache (a CDN, a proxy) may keep it, nor the browser store it.
 * Every other answer names its Cache-Control too: the route's own (publicRead for public
 * content), else `no-store`.
 */
export const loadUser = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', await currentUser(c, c.get('db')));
  await next();
  if (c.get('user')) c.header('Cache-Control', 'private, no-store');
  else if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
});
