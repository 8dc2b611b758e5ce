import { defineMiddleware } from 'astro:middleware';
import { hoistIslandStyles } from './lib/island-styles';

/**
 * The publisher passes the database and site settings as locals. `astro dev` and the benchmark's
 * Astro static build have no publisher, so there the pages get them from the environment instead.
 * Every HTML page gets Astro's island styles moved into its head.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (!context.locals.db) {
    const { devLocals } = await import('./lib/dev-locals');
    Object.assign(context.locals, await devLocals());
  }
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(hoistIslandStyles(new Uint8Array(await response.arrayBuffer())), response);
});
