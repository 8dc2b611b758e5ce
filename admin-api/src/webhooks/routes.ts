import { Hono } from 'hono';
import { z } from 'zod';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, nowIso } from '@forkcast/content-db';
import { WEBHOOK_EVENTS, type WebhookDeliveryView, type WebhookView } from '@forkcast/shared/contracts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { answer, describer, pathParameter, refusals } from '../openapi/describe.ts';
import * as shapes from '../openapi/shapes.ts';
import { allow, signedIn } from '../permissions/guards.ts';
import { text } from '../schemas.ts';
import { parseId, validate } from '../validation.ts';
import { isWebhookSecret, newWebhookSecret } from './secret.ts';
import { targetProblem } from './target.ts';

/** At most this many webhooks: each event is one delivery per webhook. */
const MAX_WEBHOOKS = 20;
const LOG_LIMIT = 100;

const EVENT_LIST = WEBHOOK_EVENTS.map((event) => `'${event}'`).join(', ');

const createBody = z.object({
  url: text('The URL', { error: 'The URL is required.' })
    .trim()
    .min(1, 'The URL is required.')
    .describe('Where events are POSTed: an absolute http(s) URL.'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Each event must be one of ${EVENT_LIST}.` }), { error: 'Choose at least one event.' })
    .min(1, 'Choose at least one event.')
    .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)))
    .describe('The events to send.'),
  secret: text('The secret')
    .refine(isWebhookSecret, 'The secret must be whsec_ followed by 24 to 64 bytes in base64.')
    .optional()
    .describe('A Standard Webhooks signing secret to use; one is made when left out.'),
});

const logQuery = z.object({
  webhookId: z.coerce.number({ error: 'webhookId must be a webhook id.' }).int().positive('webhookId must be a webhook id.').optional(),
});

const describe = describer('Webhooks');
const byWebhook = pathParameter('id', "The webhook's id.", 'integer');

/** /api/webhooks: endpoints told about events, signed the Standard Webhooks way, with their delivery log. */
export const webhookRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listWebhooks',
      summary: 'The webhooks',
      description: 'Every webhook, oldest first, with its newest delivery. Secrets are never listed. Never cached.',
      responses: { 200: answer('The webhooks.', z.array(shapes.Webhook)) },
      examples: [{ name: 'none', summary: 'None yet', status: 200, response: [] }],
    }),
    allow('administrator'),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json<WebhookView[]>(await listWebhooks(c.get('db')));
    },
  )
  .post(
    '/',
    describe({
      operationId: 'createWebhook',
      summary: 'Add a webhook',
      description: `Registers \`url\` for \`events\` (any of ${EVENT_LIST}). Each event is POSTed as JSON \`{ type, timestamp, data }\` once the change behind it is published, signed with the \`webhook-id\`, \`webhook-timestamp\` and \`webhook-signature\` headers of Standard Webhooks, and retried with growing waits for about a day while the endpoint does not answer 2xx. A URL on loopback or a private network is refused unless the server runs with \`WEBHOOK_ALLOW_PRIVATE=1\`. The answer carries the signing secret, shown this once. At most ${MAX_WEBHOOKS} webhooks.`,
      responses: { 201: answer('The webhook, with its secret.', shapes.CreatedWebhook), ...refusals('validation', 'conflict') },
      examples: [
        {
          name: 'private',
          summary: 'A private address',
          body: { url: 'http://10.0.0.8/hook', events: ['post.published'] },
          status: 400,
          response: {
            message: 'The URL points to a loopback or private network address; webhooks go only to public addresses.',
            code: 'validation',
            field: 'url',
          },
        },
        {
          name: 'noEvents',
          summary: 'No events',
          body: { url: 'https://hooks.example.com/forkcast', events: [] },
          status: 400,
          response: { message: 'Choose at least one event.', code: 'validation' },
        },
      ],
    }),
    allow('administrator'),
    validate('json', createBody),
    async (c) => {
      const { url, events, secret } = c.req.valid('json');
      const problem = await targetProblem(url, c.get('config').webhookAllowPrivate);
      if (problem) throw errors.invalidField('url', problem);
      const db = c.get('db');
      const key = secret ?? newWebhookSecret();
      const id = await db.transaction().execute(async (trx) => {
        const count = await trx
          .selectFrom('webhooks')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        if (Number(count.count) >= MAX_WEBHOOKS) throw errors.conflict(`There are ${MAX_WEBHOOKS} webhooks already; delete one first.`);
        return createWebhook(trx, { url, events, secret: key, createdBy: signedIn(c).id }, nowIso());
      });
      const created = (await listWebhooks(db)).find((hook) => hook.id === id)!;
      return c.json<WebhookView & { secret: string }>({ ...created, secret: key }, 201);
    },
  )
  .get(
    '/deliveries',
    describe({
      operationId: 'listWebhookDeliveries',
      summary: 'The delivery log',
      description: `The newest ${LOG_LIMIT} deliveries, of one webhook (\`?webhookId=\`) or of all: queued (with the next attempt's time), delivered, or failed for good, with the endpoint's last answer. Finished deliveries are kept 30 days. Never cached.`,
      parameters: [{ in: 'query', name: 'webhookId', required: false, description: 'Only this webhook.', schema: { type: 'integer' } }],
      responses: { 200: answer('The deliveries, newest first.', z.array(shapes.WebhookDelivery)), ...refusals('validation') },
      examples: [{ name: 'none', summary: 'Nothing sent yet', status: 200, response: [] }],
    }),
    allow('administrator'),
    validate('query', logQuery),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const { webhookId } = c.req.valid('query');
      const rows = await listWebhookDeliveries(c.get('db'), { ...(webhookId !== undefined ? { webhookId } : {}), limit: LOG_LIMIT });
      return c.json<WebhookDeliveryView[]>(rows);
    },
  )
  .delete(
    '/:id',
    describe({
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook',
      description: 'Stops it at once: its queued deliveries are dropped with its log.',
      parameters: [byWebhook],
      responses: { 204: { description: 'Deleted.' }, ...refusals('not_found') },
      examples: [
        {
          name: 'missing',
          summary: 'No such webhook',
          params: { id: 99 },
          status: 404,
          response: { message: 'Webhook not found.', code: 'not_found' },
        },
      ],
    }),
    allow('administrator'),
    async (c) => {
      const id = parseId(c.req.param('id'), 'Webhook not found.');
      const deleted = await c
        .get('db')
        .transaction()
        .execute((trx) => deleteWebhook(trx, id));
      if (!deleted) throw errors.notFound('Webhook not found.');
      return c.body(null, 204);
    },
  );
