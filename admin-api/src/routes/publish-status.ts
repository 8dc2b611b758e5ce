import { Hono } from 'hono';
import {
  countFailedPublishes,
  countPendingOutbox,
  failingBucketObjects,
  listRouteFailures,
  listUsers,
  recentPublishes,
  type PublishRecord,
} from '@forkcast/content-db';
import type { PublishStatus } from '@forkcast/shared/contracts';
import type { AppEnv } from '../context.ts';
import { allow } from '../permissions/guards.ts';
import { answer, describer } from '../openapi/describe.ts';
import * as shapes from '../openapi/shapes.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// Failing bucket objects listed; the counts cover them all.
const FAILING_OBJECTS_SHOWN = 50;

/** GET /api/admin/publish-status: what the publisher is doing, for the dashboard. */
export const publishStatusRoutes = new Hono<AppEnv>().get(
  '/',
  describer('Admin')({
    operationId: 'getPublishStatus',
    summary: "The publisher's status",
    description:
      "The publisher's queue, its last publish and failures, the pages it cannot render now (see [publishing.md](publishing.md#how-pages-are-published)), and with SITE_BUCKET or UPLOADS_BUCKET what waits for each bucket and why (see [operations.md](operations.md#publishing-to-a-bucket)). Never cached.",
    responses: { 200: answer('The status.', shapes.PublishStatus) },
    examples: [
      {
        name: 'idle',
        summary: 'Nothing waiting',
        status: 200,
        response: { queueLength: 0, lastPublish: null, failuresLastDay: 0, lastFailure: null, failingRoutes: [], bucket: null },
      },
    ],
  }),
  allow('editor'),
  async (c) => {
    const db = c.get('db');
    const bucket = c.get('bucket');
    const [queueLength, recent, failuresLastDay, failingRoutes, buckets, failingObjects] = await Promise.all([
      countPendingOutbox(db),
      recentPublishes(db, 10),
      countFailedPublishes(db, new Date(Date.now() - DAY_MS).toISOString()),
      listRouteFailures(db),
      bucket?.status(),
      bucket ? failingBucketObjects(db, FAILING_OBJECTS_SHOWN) : [],
    ]);
    const names = new Map((await listUsers(db)).map((user) => [user.id, user.name]));
    const named = ({ userIds, ...run }: PublishRecord) => ({ ...run, by: userIds.flatMap((id) => names.get(id) ?? []) });
    const last = recent[0] && named(recent[0]);
    const failure = recent.find((publish) => publish.error !== null);
    c.header('Cache-Control', 'no-store');
    return c.json<PublishStatus>({
      queueLength,
      lastPublish: last
        ? {
            at: last.startedAt,
            durationMs: last.durationMs,
            pagesChanged: last.pagesChanged,
            urls: last.urls,
            error: last.error,
            by: last.by,
          }
        : null,
      failuresLastDay,
      lastFailure: failure ? named(failure) : null,
      failingRoutes,
      bucket: buckets
        ? {
            ...buckets,
            failingObjects: failingObjects.map(({ target, key, error, attempts, firstFailedAt, retryAt }) => ({
              bucket: target,
              key,
              error: error ?? '',
              attempts,
              firstFailedAt: firstFailedAt ?? retryAt,
              retryAt,
            })),
          }
        : null,
    });
  },
);
