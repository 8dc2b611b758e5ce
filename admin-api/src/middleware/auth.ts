import { createMiddleware } from 'hono/factory';
import { currentAdmin } from '../auth/sessions.ts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { ADMIN_ONLY, documented, refusals } from '../openapi/describe.ts';

/**
 * Puts the signed-in admin (or undefined) on the context for every /api request. Whatever the
 * admin is answered (drafts, subscribers, details) is theirs alone: no shared cache (a CDN, a proxy)
 * may keep it, nor the browser store it. Every other answer names its Cache-Control too: the
 * route's own (publicRead for public content), else `no-store`.
 */
export const loadAdmin = createMiddleware<AppEnv>(async (c, next) => {
  c.set('admin', await currentAdmin(c, c.get('db')));
  await next();
  if (c.get('admin')) c.header('Cache-Control', 'private, no-store');
  else if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
});

/** Refuses the request with 401 unless an admin is signed in; the OpenAPI document says so wherever it guards. */
export const requireAdmin = documented(
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get('admin')) throw errors.unauthorized();
    await next();
  }),
  { security: ADMIN_ONLY, responses: refusals('unauthorized') },
);
