import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { readiness } from '../health/readiness.ts';
import { SIGNED_IN_OPTIONAL, answer, describer } from '../openapi/describe.ts';
import { roleAtLeast, type CurrentUser } from '@forkcast/shared/contracts';
import { HealthStatus, Readiness } from '../openapi/shapes.ts';

const describe = describer('Health');

/** GET /api/health: the server is up and its database answers. Cheap enough for a load balancer to ask every second. */
export const healthRoutes = new Hono<AppEnv>().get(
  '/',
  describe({
    operationId: 'getHealth',
    summary: 'Is the server up',
    description:
      '`{ "status": "ok" }` once the server is up and its database answers: one cheap query, for a load balancer or systemd to ask often.',
    responses: { 200: answer('Up, and the database answers.', HealthStatus) },
    examples: [{ name: 'up', summary: 'A server that is up', status: 200, response: { status: 'ok' } }],
  }),
  async (c) => {
    await c.get('db').selectFrom('settings').select('key').limit(1).execute();
    return c.json({ status: 'ok' });
  },
);

const isAdministrator = (user: CurrentUser | undefined) => user !== undefined && roleAtLeast(user.role, 'administrator');

/**
 * GET /api/ready: the deep check for monitoring: 200 when every check passes, 503 when one needs an
 * operator. Anyone sees the verdicts; a signed-in administrator also sees the details.
 */
export const readyRoutes = new Hono<AppEnv>().get(
  '/',
  describe({
    operationId: 'getReadiness',
    summary: 'The deep check for monitoring',
    description:
      "The database answers; publishing keeps up (no change waiting over two minutes, the last publish did not fail); the site folder's disk has 100 MB free; at most 100 emails wait to be sent; with `BACKUP_INTERVAL`, the newest backup is at most two intervals old. Anyone gets `{ status, checks }`, each check `ok` or `failing`; a signed-in administrator (or the owner) also gets `details`: changes waiting and the oldest one's age, the last publish (time, age, pages, ms, error), failures in the last day, free and total bytes, the mail transport and messages in flight, the backup folder and the newest backup's time and age. Never cached.",
    security: SIGNED_IN_OPTIONAL,
    responses: {
      200: answer('Every check passes.', Readiness),
      503: answer('A check needs an operator.', Readiness),
    },
  }),
  async (c) => {
    const report = await readiness(
      { db: c.get('db'), siteDir: c.get('siteDir'), mailer: c.get('mailer'), backup: c.get('config').backup },
      isAdministrator(c.get('user')),
    );
    c.header('Cache-Control', 'private, no-store');
    return c.json(report, report.status === 'ok' ? 200 : 503);
  },
);
