import { randomUUID } from 'node:crypto';
import type { WebhookDeliveryView, WebhookEvent, WebhookView } from '@forkcast/shared/contracts';
import type { Db } from '../db.ts';

export interface NewWebhook {
  url: string;
  events: readonly WebhookEvent[];
  secret: string;
  createdBy: number | null;
}

/** A queued delivery a worker claimed, with where it goes and how it is signed. */
export interface DueWebhookDelivery {
  id: number;
  messageId: string;
  event: WebhookEvent;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
}

export async function createWebhook(db: Db, webhook: NewWebhook, now: string): Promise<number> {
  const row = await db
    .insertInto('webhooks')
    .values({
      url: webhook.url,
      events: JSON.stringify(webhook.events),
      secret: webhook.secret,
      createdBy: webhook.createdBy,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every webhook, oldest first, with its newest delivery's outcome. */
export async function listWebhooks(db: Db): Promise<WebhookView[]> {
  const rows = await db
    .selectFrom('webhooks')
    .leftJoin('webhookDeliveries as last', (join) =>
      join.onRef('last.webhookId', '=', 'webhooks.id').on('last.id', '=', (eb) =>
        eb
          .selectFrom('webhookDeliveries as d')
          .select((inner) => inner.fn.max('d.id').as('id'))
          .whereRef('d.webhookId', '=', 'webhooks.id'),
      ),
    )
    .select([
      'webhooks.id',
      'webhooks.url',
      'webhooks.events',
      'webhooks.createdAt',
      'last.status as lastStatus',
      'last.createdAt as lastCreatedAt',
      'last.finishedAt as lastFinishedAt',
      'last.responseStatus as lastResponseStatus',
    ])
    .orderBy('webhooks.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    createdAt: row.createdAt,
    lastDelivery: row.lastStatus
      ? { status: row.lastStatus, at: row.lastFinishedAt ?? row.lastCreatedAt!, responseStatus: row.lastResponseStatus ?? null }
      : null,
  }));
}

/** Deletes a webhook and its log (queued deliveries are dropped with it); false when there was none. */
export async function deleteWebhook(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Queues an event for every webhook that asked for it; call it in the transaction of the change
 * that caused it. The body is fixed now (Standard Webhooks' `{ type, timestamp, data }`), so every
 * attempt sends the same bytes under the same message id. Returns how many deliveries it queued.
 */
export async function queueWebhookEvent(
  db: Db,
  event: WebhookEvent,
  data: Record<string, unknown>,
  now: string,
  outboxId: number | null = null,
): Promise<number> {
  const hooks = await db.selectFrom('webhooks').select(['id', 'events']).execute();
  const wanting = hooks.filter((hook) => (JSON.parse(hook.events) as string[]).includes(event));
  if (wanting.length === 0) return 0;
  const payload = JSON.stringify({ type: event, timestamp: now, data });
  await db
    .insertInto('webhookDeliveries')
    .values(
      wanting.map((hook) => ({
        webhookId: hook.id,
        messageId: `msg_${randomUUID().replaceAll('-', '')}`,
        event,
        payload,
        outboxId,
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .execute();
  return wanting.length;
}

/** Whether any webhook exists: the change path asks this before it works out any event. */
export async function anyWebhook(db: Db): Promise<boolean> {
  return (await db.selectFrom('webhooks').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Claims up to `limit` deliveries that are due: queued, their time come, the change behind them
 * published, and not claimed by another worker since `staleBefore`. Marks them with `token` in the
 * same statement, so two workers never claim one row.
 */
export async function claimWebhookDeliveries(
  db: Db,
  options: { token: string; now: string; staleBefore: string; limit: number },
): Promise<DueWebhookDelivery[]> {
  const claimed = await db
    .updateTable('webhookDeliveries')
    .set({ claimedBy: options.token, claimedAt: options.now })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhookDeliveries as d')
        .select('d.id')
        .where('d.status', '=', 'queued')
        .where('d.nextAttemptAt', '<=', options.now)
        .where((inner) =>
          inner.or([
            inner('d.claimedBy', 'is', null),
            inner('d.claimedBy', '=', options.token),
            inner('d.claimedAt', '<', options.staleBefore),
          ]),
        )
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('outbox').select('outbox.id').whereRef('outbox.id', '=', 'd.outboxId').where('outbox.doneAt', 'is', null))),
        )
        .orderBy('d.id')
        .limit(options.limit),
    )
    .returning(['id', 'webhookId', 'messageId', 'event', 'payload', 'attempts'])
    .execute();
  if (claimed.length === 0) return [];
  const hooks = await db
    .selectFrom('webhooks')
    .select(['id', 'url', 'secret'])
    .where('id', 'in', [...new Set(claimed.map((row) => row.webhookId))])
    .execute();
  const byId = new Map(hooks.map((hook) => [hook.id, hook]));
  return claimed
    .filter((row) => byId.has(row.webhookId))
    .sort((a, b) => a.id - b.id)
    .map(({ webhookId, ...row }) => ({
      ...row,
      event: row.event as WebhookEvent,
      url: byId.get(webhookId)!.url,
      secret: byId.get(webhookId)!.secret,
    }));
}

/** The outcome of one attempt: delivered, to be tried again at a time, or failed for good. */
export type WebhookAttempt =
  | { outcome: 'delivered'; responseStatus: number }
  | { outcome: 'retry'; at: string; responseStatus: number | null; error: string }
  | { outcome: 'failed'; responseStatus: number | null; error: string };

/** Records an attempt and lets go of the claim. */
export async function recordWebhookAttempt(db: Db, id: number, attempt: WebhookAttempt, now: string): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      claimedBy: null,
      claimedAt: null,
      responseStatus: attempt.responseStatus,
      lastError: attempt.outcome === 'delivered' ? null : attempt.error.slice(0, 500),
      status: attempt.outcome === 'retry' ? 'queued' : attempt.outcome,
      nextAttemptAt: attempt.outcome === 'retry' ? attempt.at : now,
      finishedAt: attempt.outcome === 'retry' ? null : now,
    }))
    .where('id', '=', id)
    .execute();
}

/** Lets go of every claim but `except`'s (the lease holder takes over what a stopped server left). */
export async function releaseWebhookClaims(db: Db, except: string): Promise<number> {
  const result = await db
    .updateTable('webhookDeliveries')
    .set({ claimedBy: null, claimedAt: null })
    .where('status', '=', 'queued')
    .where('claimedBy', 'is not', null)
    .where('claimedBy', '!=', except)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** When the next queued delivery is due (its change published); undefined when none waits. */
export async function nextWebhookAttemptAt(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('webhookDeliveries')
    .select((eb) => eb.fn.min('nextAttemptAt').as('next'))
    .where('status', '=', 'queued')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbox')
            .select('outbox.id')
            .whereRef('outbox.id', '=', 'webhookDeliveries.outboxId')
            .where('outbox.doneAt', 'is', null),
        ),
      ),
    )
    .executeTakeFirst();
  return row?.next ?? undefined;
}

/** The newest deliveries first, of one webhook or of all. */
export async function listWebhookDeliveries(db: Db, options: { webhookId?: number; limit: number }): Promise<WebhookDeliveryView[]> {
  let query = db
    .selectFrom('webhookDeliveries')
    .select([
      'id',
      'webhookId',
      'event',
      'messageId',
      'status',
      'attempts',
      'responseStatus',
      'lastError',
      'createdAt',
      'finishedAt',
      'nextAttemptAt',
    ])
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.webhookId !== undefined) query = query.where('webhookId', '=', options.webhookId);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    event: row.event as WebhookEvent,
    nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt : null,
  }));
}

/** Deletes up to `limit` finished deliveries older than `before`, oldest first; returns how many. */
export async function pruneWebhookDeliveries(db: Db, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('webhookDeliveries')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhookDeliveries')
        .select('id')
        .where('status', '!=', 'queued')
        .where('finishedAt', '<', before)
        .orderBy('id')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
