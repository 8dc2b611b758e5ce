import { defineMiddleware } from 'astro:middleware';

/**
 * In production the publisher passes the database and site settings as locals. `astro dev` has no
 * publisher, so there (and only there) the pages get them from the environment.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (import.meta.env.DEV && !context.locals.db) {
    const { devLocals } = await import('./lib/dev-locals');
    Object.assign(context.locals, await devLocals());
  }
  return next();
});
