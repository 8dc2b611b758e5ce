import { createMiddleware } from 'hono/factory';
import { currentAdmin } from '../auth/sessions.ts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';

/** Puts the signed-in admin (or undefined) on the context for every /api request. */
export const loadAdmin = createMiddleware<AppEnv>(async (c, next) => {
  c.set('admin', await currentAdmin(c, c.get('db')));
  await next();
});

/** Refuses the request with 401 unless an admin is signed in. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('admin')) throw errors.unauthorized();
  await next();
});
