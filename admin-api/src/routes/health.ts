import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { readiness } from '../health/readiness.ts';

/** GET /api/health: the server is up and its database answers. Cheap enough for a load balancer to ask every second. */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  await c.get('db').selectFrom('settings').select('key').limit(1).execute();
  return c.json({ status: 'ok' });
});

/**
 * GET /api/ready: the deep check for monitoring: 200 when every check passes, 503 when one needs an
 * operator. Anyone sees the verdicts; the signed-in admin also sees the details.
 */
export const readyRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const report = await readiness(
    { db: c.get('db'), siteDir: c.get('siteDir'), mailer: c.get('mailer'), backup: c.get('config').backup },
    c.get('admin') !== undefined,
  );
  c.header('Cache-Control', 'private, no-store');
  return c.json(report, report.status === 'ok' ? 200 : 503);
});
