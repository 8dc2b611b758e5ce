import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { Subscriber, SubscriberStatus } from '@forkcast/shared/contracts';
import { longDate } from '../../lib/dates';
import { apiRequest } from '../shared/api';
import { toast } from '../shared/toast-store';
import { plural } from './DashboardFormat';
import { DashboardQueryError } from './DashboardQueryError';
import { adminQuery, isUnauthorized, LOGIN_URL, scheduleRedirect, SUBSCRIBERS_EXPORT_URL, SUBSCRIBERS_URL } from './DashboardQueries';
import { announceChange } from './publish';

const SKELETON_ROWS = 3;

/** The status filters, in the order a subscriber moves through them; each names its rows. */
const STATUSES: { status: SubscriberStatus; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'confirmed', label: 'Confirmed' },
  { status: 'unsubscribed', label: 'Unsubscribed' },
  { status: 'bounced', label: 'Bounced' },
];
const labelOf = (status: SubscriberStatus) => STATUSES.find((entry) => entry.status === status)!.label;

type Filter = SubscriberStatus | 'all';

/** The newsletter subscribers with their status (counts and a filter), with delete and a CSV export. */
export function DashboardSubscribers() {
  const id = useId();
  const [filter, setFilter] = useState<Filter>('all');
  const queryClient = useQueryClient();
  const subscribers = useQuery({
    queryKey: [SUBSCRIBERS_URL],
    queryFn: adminQuery<Subscriber[]>(SUBSCRIBERS_URL),
  });
  const expired = isUnauthorized(subscribers.error);

  useEffect(() => {
    if (!expired) return;
    toast({ title: 'Session expired', description: 'Please log in again to view subscribers.', variant: 'destructive' });
    return scheduleRedirect(LOGIN_URL);
  }, [expired]);

  const remove = useMutation({
    mutationFn: (subscriber: Subscriber) => apiRequest('DELETE', `${SUBSCRIBERS_URL}/${subscriber.id}`),
    onSuccess: async (response) => {
      announceChange(response, { title: 'Subscriber deleted', description: 'The subscriber has been removed from the newsletter.' });
      // Buttons stay disabled until the list has refreshed, so a removed row cannot be clicked again.
      await queryClient.invalidateQueries({ queryKey: [SUBSCRIBERS_URL] });
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to delete subscriber', variant: 'destructive' });
    },
  });

  const all = subscribers.data ?? [];
  const count = (status: SubscriberStatus) => all.filter((subscriber) => subscriber.status === status).length;
  const list = filter === 'all' ? all : all.filter((subscriber) => subscriber.status === filter);
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <div className="fc-dash-card__head">
        <div>
          <p className="kicker">Newsletter</p>
          <h2 id={`${id}-title`}>Subscribers</h2>
          {subscribers.isSuccess && <p className="fc-dash-meta">{plural(all.length, 'subscriber')}</p>}
        </div>
        <a className="button button--ghost fc-dash-small-button" href={SUBSCRIBERS_EXPORT_URL} download>
          Export CSV
        </a>
      </div>

      {subscribers.isPending && (
        <>
          <p className="visually-hidden" role="status">
            Loading subscribers…
          </p>
          <div className="fc-dash-table-wrap" aria-hidden="true">
            <table className="fc-dash-table">
              <tbody>
                {Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <tr key={index} className="fc-dash-skeleton-row">
                    <td className="fc-dash-email">
                      <span className="fc-dash-skeleton" />
                    </td>
                    <td className="fc-dash-status">
                      <span className="fc-dash-skeleton fc-dash-skeleton--short" />
                    </td>
                    <td className="fc-dash-date">
                      <span className="fc-dash-skeleton fc-dash-skeleton--short" />
                    </td>
                    <td className="fc-dash-actions" />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {subscribers.isError && (
        <DashboardQueryError
          error={subscribers.error}
          failure="Failed to fetch subscribers"
          expired={
            <>
              Your session has expired. Redirecting to <a href={LOGIN_URL}>the login page</a>…
            </>
          }
          onRetry={() => void subscribers.refetch()}
        />
      )}

      {subscribers.isSuccess && all.length > 0 && (
        <fieldset className="fc-dash-filters">
          <legend className="visually-hidden">Show subscribers</legend>
          {[
            { status: 'all' as const, label: 'All', count: all.length },
            ...STATUSES.map((entry) => ({ ...entry, count: count(entry.status) })),
          ].map((entry) => (
            <label key={entry.status} className="fc-dash-filter">
              <input
                type="radio"
                name={`${id}-status`}
                value={entry.status}
                checked={filter === entry.status}
                onChange={() => setFilter(entry.status)}
              />
              {entry.label} <span className="fc-dash-filter__count">{entry.count}</span>
            </label>
          ))}
        </fieldset>
      )}

      {subscribers.isSuccess && all.length === 0 && <p className="fc-dash-empty">No subscribers yet</p>}
      {subscribers.isSuccess && all.length > 0 && list.length === 0 && (
        <p className="fc-dash-empty">No {labelOf(filter as SubscriberStatus).toLowerCase()} subscribers</p>
      )}

      {subscribers.isSuccess && list.length > 0 && (
        <div className="fc-dash-table-wrap" role="region" aria-label="Subscribers table" tabIndex={0}>
          <table className="fc-dash-table">
            <caption className="visually-hidden">Newsletter subscribers, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
                <th scope="col">Subscribed</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((subscriber) => (
                <tr key={subscriber.id}>
                  <th scope="row" className="fc-dash-email">
                    {subscriber.email}
                  </th>
                  <td className={`fc-dash-status fc-dash-status--${subscriber.status}`}>{labelOf(subscriber.status)}</td>
                  <td className="fc-dash-date">
                    <time dateTime={subscriber.subscribedAt}>{longDate(subscriber.subscribedAt)}</time>
                  </td>
                  <td className="fc-dash-actions">
                    <button type="button" className="fc-dash-danger" disabled={remove.isPending} onClick={() => remove.mutate(subscriber)}>
                      {remove.isPending && remove.variables?.id === subscriber.id ? 'Deleting…' : 'Delete'}{' '}
                      <span className="visually-hidden">{subscriber.email}</span>
                    </button>
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
