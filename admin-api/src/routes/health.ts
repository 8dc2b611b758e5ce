import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';

/** GET /api/health: the server is up and its database answers. */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  await c.get('db').selectFrom('settings').select('key').limit(1).execute();
  return c.json({ status: 'ok' });
});
