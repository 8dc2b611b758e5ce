import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { RevisionSummary, TrashItem, TrashKind } from '@forkcast/shared/contracts';
import { apiRequest, messageOf } from '../../shared/api';
import { toast } from '../../shared/toast-store';
import { dateTime, timeAgo } from '../DashboardFormat';
import { adminQuery, LOGIN_URL } from '../DashboardQueries';
import { DashboardQueryError } from '../DashboardQueryError';
import { announceWrite, showRepublishedPage } from '../publish';
import { HistoryDialog, HomeHeroHistory, KIND_LABEL } from './HistoryDialog';
import { ensureHistoryStyles } from './styles';
import { TrashForeverDialog } from './TrashForeverDialog';

const RECENT_URL = '/api/revisions?limit=8';
const TRASH_URL = '/api/trash';

const expiredNote = (
  <>
    Your session has expired. <a href={LOGIN_URL}>Sign in again</a>.
  </>
);

const ENTITY_LABEL = { post: 'Post', city: 'City', hero: 'Homepage', page: 'Page' } as const;

/** The newest changes of every post, city, page and the homepage hero, each opening its history. */
export function DashboardHistory() {
  const id = useId();
  useEffect(ensureHistoryStyles, []);
  const recent = useQuery({ queryKey: [RECENT_URL], queryFn: adminQuery<RevisionSummary[]>(RECENT_URL) });
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <div className="fc-dash-card__head">
        <div>
          <p className="kicker">Safety net</p>
          <h2 id={`${id}-title`}>Recent changes</h2>
        </div>
        <HomeHeroHistory
          trigger={
            <button type="button" className="button button--ghost fc-dash-small-button">
              Homepage hero history
            </button>
          }
        />
      </div>
      <p className="fc-dash-hint">Every change is kept: open a history to compare versions and restore one.</p>
      {recent.isPending && (
        <p className="fc-dash-empty" role="status">
          Loading recent changes…
        </p>
      )}
      {recent.isError && (
        <DashboardQueryError
          error={recent.error}
          failure="Failed to fetch recent changes"
          expired={expiredNote}
          onRetry={() => void recent.refetch()}
        />
      )}
      {recent.isSuccess && recent.data.length === 0 && <p className="fc-dash-empty">No changes yet.</p>}
      {recent.isSuccess && recent.data.length > 0 && (
        <ul className="fc-recent">
          {recent.data.map((revision) => (
            <li key={revision.id} className="fc-recent__item">
              <div className="fc-recent__text">
                <span className={`fc-kind fc-kind--${revision.kind}`}>{KIND_LABEL[revision.kind] ?? revision.kind}</span>
                <p className="fc-recent__title">
                  <span className="fc-dash-meta">{ENTITY_LABEL[revision.entity]} · </span>
                  {revision.title}
                </p>
                <p className="fc-dash-meta">
                  {revision.summary} ·{' '}
                  <time dateTime={revision.createdAt} title={dateTime(revision.createdAt)}>
                    {timeAgo(revision.createdAt)}
                  </time>
                  {revision.actor ? ` · ${revision.actor}` : ''}
                </p>
              </div>
              <HistoryDialog
                entity={revision.entity}
                entityId={revision.entityId}
                name={revision.entity === 'hero' ? 'the homepage hero' : `'${revision.title}'`}
                onRestored={showRepublishedPage}
                trigger={
                  <button type="button" className="button button--ghost fc-dash-small-button" aria-label={`History of ${revision.title}`}>
                    History
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const TRASH_KIND_LABEL: Record<TrashKind, string> = {
  post: 'Post',
  city: 'City',
  page: 'Page',
  block: 'Edited section',
  item: 'Addition',
  subscriber: 'Subscriber',
};

/** What was deleted in the last 30 days, each with Restore; the date it goes for good. */
export function DashboardTrash() {
  const id = useId();
  useEffect(ensureHistoryStyles, []);
  const queryClient = useQueryClient();
  const trash = useQuery({ queryKey: [TRASH_URL], queryFn: adminQuery<TrashItem[]>(TRASH_URL) });
  // The button that opened the dialog is gone with its item, so once the list shows it gone, focus
  // goes to the list's heading (after the dialog's own focus return, which runs on a timer).
  const [refocus, setRefocus] = useState(false);
  const focusTrash = () => setRefocus(true);
  useEffect(() => {
    if (!refocus || trash.isFetching) return;
    setRefocus(false);
    setTimeout(() => document.getElementById(`${id}-title`)?.focus(), 0);
  }, [refocus, trash.isFetching, id]);
  const restore = useMutation({
    mutationFn: (item: TrashItem) => apiRequest('POST', `/api/trash/${item.kind}/${item.id}/restore`),
    onSuccess: async (response) => {
      announceWrite(response, 'Restored from the trash');
      await queryClient.invalidateQueries();
    },
    onError: (error) =>
      toast({
        title: 'Not restored',
        description: messageOf(error, 'It could not be restored. Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <div className="fc-dash-card__head">
        <div>
          <p className="kicker">Safety net</p>
          <h2 id={`${id}-title`} tabIndex={-1}>
            Trash
          </h2>
        </div>
        {trash.isSuccess && trash.data.length > 0 && (
          <TrashForeverDialog
            url={TRASH_URL}
            trigger={
              <button type="button" className="fc-dash-danger">
                Empty trash
              </button>
            }
            title="Empty the trash?"
            description={`All ${trash.data.length} deleted things listed here go for good, with their history and, for subscribers, every trace of their address. This cannot be undone.`}
            done="Trash emptied"
            focusAfter={focusTrash}
          />
        )}
      </div>
      <p className="fc-dash-hint">Deleted posts, cities, pages, sections, additions and subscribers wait here for 30 days.</p>
      {trash.isPending && (
        <p className="fc-dash-empty" role="status">
          Loading the trash…
        </p>
      )}
      {trash.isError && (
        <DashboardQueryError
          error={trash.error}
          failure="Failed to fetch the trash"
          expired={expiredNote}
          onRetry={() => void trash.refetch()}
        />
      )}
      {trash.isSuccess && trash.data.length === 0 && <p className="fc-dash-empty">The trash is empty.</p>}
      {trash.isSuccess && trash.data.length > 0 && (
        <ul className="fc-recent">
          {trash.data.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="fc-recent__item">
              <div className="fc-recent__text">
                <span className="fc-kind fc-kind--deleted">{TRASH_KIND_LABEL[item.kind]}</span>
                <p className="fc-recent__title">{item.title}</p>
                <p className="fc-dash-meta">
                  Deleted{' '}
                  <time dateTime={item.deletedAt} title={dateTime(item.deletedAt)}>
                    {timeAgo(item.deletedAt)}
                  </time>
                  {item.deletedBy ? ` by ${item.deletedBy}` : ''} · gone for good{' '}
                  <time dateTime={item.purgeAt} title={dateTime(item.purgeAt)}>
                    {timeAgo(item.purgeAt)}
                  </time>
                </p>
              </div>
              <button
                type="button"
                className="button button--ghost fc-dash-small-button"
                disabled={restore.isPending}
                aria-label={`Restore ${item.title}`}
                onClick={() => restore.mutate(item)}
              >
                Restore
              </button>
              <TrashForeverDialog
                url={`${TRASH_URL}/${item.kind}/${item.id}`}
                trigger={
                  <button type="button" className="fc-dash-danger fc-dash-small-button" aria-label={`Delete ${item.title} forever`}>
                    Delete forever
                  </button>
                }
                title={`Delete ${item.title} forever?`}
                description="It goes for good, with its history and, for a subscriber, every trace of the address. This cannot be undone."
                done="Deleted forever"
                focusAfter={focusTrash}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
