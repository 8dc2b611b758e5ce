import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { Db } from '@forkcast/content-db';
import type { Config } from './config.ts';
import { ApiError } from './errors.ts';
import { healthRoutes } from './routes/health.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  /** The folder of rendered pages and built assets (dist/client). */
  siteDir: string;
}

export type AppEnv = {
  Variables: AppDeps & { requestId: string };
};

// Hashed build assets never change under the same name; pages must be revalidated so a publish
// shows up at once.
function cacheControl(path: string): string {
  if (path.includes('/_astro/')) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** Builds the HTTP app: /api/* routes, then the static site folder, then the 404 page. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(compress());
  app.use(async (c, next) => {
    c.set('db', deps.db);
    c.set('config', deps.config);
    c.set('siteDir', deps.siteDir);
    await next();
  });

  app.route('/api/health', healthRoutes);
  app.all('/api/*', () => {
    throw new ApiError(404, 'not_found', 'No such API endpoint.');
  });

  app.use(
    '*',
    serveStatic({
      root: deps.siteDir,
      onFound: (path, c) => {
        c.header('Cache-Control', cacheControl(path));
      },
    }),
  );

  app.notFound(async (c) => {
    const page = await readFile(join(deps.siteDir, '404.html'), 'utf8').catch(() => '<!doctype html><title>Not Found</title><h1>Page Not Found</h1>');
    c.header('Cache-Control', 'no-cache');
    return c.html(page, 404);
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json({ message: error.message, code: error.code }, error.status);
    if (error instanceof HTTPException) {
      return c.json({ message: error.message || 'Request failed.', code: 'http_error' }, error.status);
    }
    console.error(`[${c.get('requestId')}] ${c.req.method} ${c.req.path} failed:`, error);
    return c.json({ message: 'Something went wrong on our side.', code: 'internal_error' }, 500);
  });

  return app;
}
