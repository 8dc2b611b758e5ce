import { defineMiddleware } from 'astro:middleware';

/**
 * The publisher passes the database and site settings as locals. `astro dev` and Astro's own
 * static build (FORKCAST_OUTPUT=static) have no publisher, so there the pages get them from the
 * environment instead.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (!context.locals.db) {
    const { devLocals } = await import('./lib/dev-locals');
    Object.assign(context.locals, await devLocals());
  }
  return next();
});
