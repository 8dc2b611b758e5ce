import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookDeliveryView,
  type WebhookEvent,
  type WebhookView,
} from '@forkcast/shared/contracts';
import { apiRequest, messageOf } from '../../shared/api';
import { toast } from '../../shared/toast-store';
import { dateTime, plural, timeAgo } from '../DashboardFormat';
import { adminQuery } from '../DashboardQueries';
import { QueryProgress } from '../DashboardQueryError';

const WEBHOOKS_URL = '/api/webhooks';
const DELIVERIES_URL = '/api/webhooks/deliveries';
// The log is looked at again this often while the section is open: retries come on their own.
const LOG_REFRESH_MS = 10_000;

const STATUS_LABEL: Record<WebhookDeliveryView['status'], string> = { queued: 'Waiting', delivered: 'Delivered', failed: 'Failed' };

function Status({ status }: { status: WebhookDeliveryView['status'] }) {
  return <span className={`fc-hook-status fc-hook-status--${status}`}>{STATUS_LABEL[status]}</span>;
}

/** The form that adds a webhook, and the secret it shows once. */
function AddWebhook() {
  const id = useId();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['post.published']);
  const [ownSecret, setOwnSecret] = useState('');
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<{ url: string; secret: string }>();
  const secretHeading = useRef<HTMLHeadingElement>(null);
  const add = useMutation({
    mutationFn: async () => {
      const response = await apiRequest('POST', WEBHOOKS_URL, { url, events, ...(ownSecret ? { secret: ownSecret } : {}) });
      return (await response.json()) as WebhookView & { secret: string };
    },
    onSuccess: async (webhook) => {
      setError(undefined);
      setCreated({ url: webhook.url, secret: webhook.secret });
      setUrl('');
      setOwnSecret('');
      await queryClient.invalidateQueries({ queryKey: [WEBHOOKS_URL] });
    },
    onError: (failure) => setError(messageOf(failure, 'The webhook could not be added.')),
  });
  // The secret, shown once, takes the focus, so it is read out and copied before anything else.
  useEffect(() => {
    if (created) secretHeading.current?.focus();
  }, [created]);
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((current) => WEBHOOK_EVENTS.filter((candidate) => (candidate === event ? on : current.includes(candidate))));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <p className="kicker">Integrations</p>
      <h2 id={`${id}-title`}>Add a webhook</h2>
      <p className="fc-dash-meta">
        Each event is POSTed as JSON once its pages are live, signed with Standard Webhooks headers, and retried for about a day while the
        endpoint does not answer 2xx.
      </p>
      {created && (
        <div className="fc-hook-secret" role="region" aria-labelledby={`${id}-secret`}>
          <h3 id={`${id}-secret`} ref={secretHeading} tabIndex={-1}>
            Signing secret for {created.url}
          </h3>
          <p>Copy it now: it is not shown again. Your endpoint verifies each request with it.</p>
          <code>{created.secret}</code>
          <div className="fc-hook-secret__actions">
            <button
              type="button"
              className="button button--ghost fc-dash-small-button"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(created.secret)
                  .then(() => toast({ title: 'Copied', description: 'The signing secret is on the clipboard.' }))
              }
            >
              Copy secret
            </button>
            <button type="button" className="fc-dash-text-button" onClick={() => setCreated(undefined)}>
              Done
            </button>
          </div>
        </div>
      )}
      <form className="fc-dash-form" onSubmit={submit} noValidate aria-busy={add.isPending}>
        <div className="fc-form">
          <label htmlFor={`${id}-url`}>Endpoint URL</label>
          <input
            id={`${id}-url`}
            type="url"
            required
            inputMode="url"
            placeholder="https://hooks.example.com/forkcast"
            autoComplete="off"
            value={url}
            disabled={add.isPending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <fieldset className="fc-hook-events">
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="fc-hook-event">
              <input
                type="checkbox"
                checked={events.includes(event)}
                disabled={add.isPending}
                onChange={(e) => toggle(event, e.target.checked)}
              />
              <span>
                <code>{event}</code>
                <span className="fc-dash-hint">{WEBHOOK_EVENT_LABELS[event]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <details className="fc-hook-own-secret">
          <summary>Use a secret of your own</summary>
          <div className="fc-form">
            <label htmlFor={`${id}-secret-input`}>
              Signing secret <span className="fc-dash-optional">optional</span>
            </label>
            <input
              id={`${id}-secret-input`}
              type="text"
              autoComplete="off"
              spellCheck={false}
              placeholder="whsec_…"
              value={ownSecret}
              disabled={add.isPending}
              aria-describedby={`${id}-secret-hint`}
              onChange={(event) => setOwnSecret(event.target.value.trim())}
            />
            <p className="fc-dash-hint" id={`${id}-secret-hint`}>
              whsec_ followed by 24 to 64 bytes in base64. Left empty, a new one is made.
            </p>
          </div>
        </details>
        {error && (
          <p className="fc-dash-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
        <div className="fc-dash-form__actions">
          <button type="submit" className="button" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add webhook'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The registered webhooks, each with its events, its newest delivery and a delete button. */
function WebhookList() {
  const id = useId();
  const queryClient = useQueryClient();
  const hooks = useQuery({ queryKey: [WEBHOOKS_URL], queryFn: adminQuery<WebhookView[]>(WEBHOOKS_URL) });
  const remove = useMutation({
    mutationFn: (hook: WebhookView) => apiRequest('DELETE', `${WEBHOOKS_URL}/${hook.id}`),
    onSuccess: async (_response, hook) => {
      toast({ title: 'Webhook deleted', description: `Nothing more goes to ${hook.url}.` });
      await queryClient.invalidateQueries({ queryKey: [WEBHOOKS_URL] });
      await queryClient.invalidateQueries({ queryKey: [DELIVERIES_URL] });
    },
    onError: (error) =>
      toast({ title: 'Error', description: messageOf(error, 'The webhook could not be deleted.'), variant: 'destructive' }),
  });
  const list = hooks.data ?? [];
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <p className="kicker">Integrations</p>
      <h2 id={`${id}-title`}>Webhooks</h2>
      {hooks.isSuccess && <p className="fc-dash-meta">{plural(list.length, 'webhook')}</p>}
      <QueryProgress query={hooks} what="webhooks" task="manage webhooks" />
      {hooks.isSuccess && list.length === 0 && <p className="fc-dash-empty">No webhooks yet</p>}
      {list.length > 0 && (
        <ul className="fc-hook-list">
          {list.map((hook) => (
            <li key={hook.id} className="fc-hook">
              <div className="fc-hook__main">
                <p className="fc-hook__url">{hook.url}</p>
                <ul className="fc-hook__events" aria-label="Events">
                  {hook.events.map((event) => (
                    <li key={event}>
                      <code>{event}</code>
                    </li>
                  ))}
                </ul>
                <p className="fc-dash-meta">
                  {hook.lastDelivery ? (
                    <>
                      Last: <Status status={hook.lastDelivery.status} />{' '}
                      <time dateTime={hook.lastDelivery.at} title={dateTime(hook.lastDelivery.at)}>
                        {timeAgo(hook.lastDelivery.at)}
                      </time>
                      {hook.lastDelivery.responseStatus !== null && <> · HTTP {hook.lastDelivery.responseStatus}</>}
                    </>
                  ) : (
                    'No events sent yet'
                  )}
                </p>
              </div>
              <button
                type="button"
                className="fc-dash-danger"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(`Delete the webhook to ${hook.url}? Events waiting for it are dropped.`)) remove.mutate(hook);
                }}
              >
                Delete <span className="visually-hidden">the webhook to {hook.url}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The newest deliveries of every webhook. */
function DeliveryLog() {
  const id = useId();
  const log = useQuery({
    queryKey: [DELIVERIES_URL],
    queryFn: adminQuery<WebhookDeliveryView[]>(DELIVERIES_URL),
    refetchInterval: LOG_REFRESH_MS,
  });
  const hooks = useQuery({ queryKey: [WEBHOOKS_URL], queryFn: adminQuery<WebhookView[]>(WEBHOOKS_URL) });
  const urlOf = (webhookId: number) => hooks.data?.find((hook) => hook.id === webhookId)?.url ?? `Webhook ${webhookId}`;
  const rows = log.data ?? [];
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <p className="kicker">Integrations</p>
      <h2 id={`${id}-title`}>Delivery log</h2>
      <QueryProgress query={log} what="the delivery log" task="see deliveries" loading={false} />
      {log.isSuccess && rows.length === 0 && <p className="fc-dash-empty">Nothing sent yet</p>}
      {rows.length > 0 && (
        <div className="fc-dash-table-wrap">
          <table className="fc-dash-table fc-hook-log">
            <caption className="visually-hidden">The newest webhook deliveries</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Endpoint</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <code>{row.event}</code>
                  </th>
                  <td className="fc-hook-log__url">{urlOf(row.webhookId)}</td>
                  <td>
                    <Status status={row.status} />
                    {row.lastError && <span className="fc-dash-hint fc-hook-log__error">{row.lastError}</span>}
                    {row.nextAttemptAt && row.attempts > 0 && (
                      <span className="fc-dash-hint">
                        Next try <time dateTime={row.nextAttemptAt}>{dateTime(row.nextAttemptAt)}</time>
                      </span>
                    )}
                  </td>
                  <td>{row.attempts}</td>
                  <td>
                    <time dateTime={row.finishedAt ?? row.createdAt} title={dateTime(row.finishedAt ?? row.createdAt)}>
                      {timeAgo(row.finishedAt ?? row.createdAt)}
                    </time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** /admin/webhooks: add and delete webhooks, and watch their deliveries. */
export function DashboardWebhooks() {
  return (
    <>
      <WebhookList />
      <AddWebhook />
      <DeliveryLog />
    </>
  );
}
