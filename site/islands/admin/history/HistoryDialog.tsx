import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactElement } from 'react';
import { HOME_HERO_ENTITY_ID, type HistoryEntity, type RevisionDetail, type RevisionSummary } from '@forkcast/shared/contracts';
import { apiRequest, getJson, messageOf } from '../../shared/api';
import { toast } from '../../shared/toast-store';
import { AdminDialog } from '../AdminDialog';
import { dateTime, timeAgo } from '../DashboardFormat';
import { announceWrite, showRepublishedPage } from '../publish';
import { DiffText } from './DiffText';
import { ensureHistoryStyles } from './styles';

/** What each kind of change is called in the list. */
export const KIND_LABEL: Record<string, string> = {
  created: 'Created',
  edited: 'Edited',
  body: 'Body',
  hero: 'Image',
  published: 'Published',
  unpublished: 'Unpublished',
  scheduled: 'Scheduled',
  review: 'Review',
  itinerary: 'Itinerary',
  regenerated: 'Regenerated',
  deleted: 'Deleted',
  restored: 'Restored',
  undone: 'Undone',
  earlier: 'Earlier',
};

const historyUrl = (entity: HistoryEntity, id: number) => `/api/revisions?entity=${entity}${entity === 'hero' ? '' : `&id=${id}`}`;

/** What one version changed against the version before it, field by field. */
function RevisionChanges({ revision, id }: { revision: RevisionSummary; id: string }) {
  const detail = useQuery({
    queryKey: ['/api/revisions', revision.id],
    queryFn: async () => (await getJson<RevisionDetail>(`/api/revisions/${revision.id}`, { on401: 'throw' }))!,
  });
  if (detail.isPending)
    return (
      <p id={id} className="fc-history__note" role="status">
        Loading the changes…
      </p>
    );
  if (detail.isError)
    return (
      <p id={id} className="fc-history__note" role="alert">
        {messageOf(detail.error, 'The changes could not be loaded.')}
      </p>
    );
  const { changes, hasPrevious } = detail.data;
  let note = '';
  if (!hasPrevious)
    note =
      revision.kind === 'created' ? 'Nothing came before: this is how it was created.' : 'The version before this one is no longer kept.';
  else if (changes.length === 0) note = 'No text changed in this version.';
  return (
    <div id={id} className="fc-history__changes">
      {note && <p className="fc-history__note">{note}</p>}
      {changes.map((change) => (
        <section key={change.label} className="fc-history__field" aria-label={change.label}>
          <h4>{change.label}</h4>
          <DiffText parts={change.parts} />
        </section>
      ))}
    </div>
  );
}

interface RowProps {
  revision: RevisionSummary;
  busy: boolean;
  onRestore: (revision: RevisionSummary) => void;
}

function RevisionRow({ revision, busy, onRestore }: RowProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <li className="fc-history__item">
      <div className="fc-history__line">
        <span className={`fc-kind fc-kind--${revision.kind}`}>{KIND_LABEL[revision.kind] ?? revision.kind}</span>
        <div className="fc-history__text">
          <p className="fc-history__summary">{revision.summary}</p>
          <p className="fc-history__meta">
            <time dateTime={revision.createdAt} title={dateTime(revision.createdAt)}>
              {timeAgo(revision.createdAt)}
            </time>
            {' · '}
            {revision.kind === 'earlier' ? 'before its history began' : (revision.actor ?? 'the server')}
            {revision.current && <strong className="fc-history__current"> · Current version</strong>}
          </p>
        </div>
      </div>
      <div className="fc-history__actions">
        <button
          type="button"
          className="fc-link-button"
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide changes' : 'Show changes'}
        </button>
        {revision.restorable && (
          <button
            type="button"
            className="button button--ghost fc-history__restore"
            disabled={busy}
            aria-label={`Restore this version: ${revision.summary}, ${dateTime(revision.createdAt)}`}
            onClick={() => onRestore(revision)}
          >
            Restore this version
          </button>
        )}
      </div>
      {open && <RevisionChanges revision={revision} id={id} />}
    </li>
  );
}

interface Props {
  entity: HistoryEntity;
  /** The post's, city's or page's id (0 for the homepage hero). */
  entityId: number;
  /** What the editor knows it by: the dialog's title names it. */
  name: string;
  /** The button that opens the history. */
  trigger: ReactElement;
  /** After a version was restored and published (the message is already showing). */
  onRestored: () => void;
}

/**
 * The history of a post, a city, a page or the homepage hero: every kept version, newest first, who made it
 * and when, what it changed (a word diff against the version before) and one-click Restore, which
 * is itself a change that can be undone.
 */
export function HistoryDialog({ entity, entityId, name, trigger, onRestored }: Props) {
  useEffect(ensureHistoryStyles, []);
  const [open, setOpen] = useState(false);
  const url = historyUrl(entity, entityId);
  const revisions = useQuery({
    queryKey: [url],
    enabled: open,
    queryFn: async () => (await getJson<RevisionSummary[]>(url, { on401: 'throw' }))!,
  });
  const restore = useMutation({
    mutationFn: (revision: RevisionSummary) => apiRequest('POST', `/api/revisions/${revision.id}/restore`),
    onSuccess: (response) => {
      announceWrite(response, 'Version restored');
      setOpen(false);
      onRestored();
    },
    onError: (error) =>
      toast({
        title: 'Not restored',
        description: messageOf(error, 'The version could not be restored. Please try again.'),
        variant: 'destructive',
      }),
  });

  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={`History of ${name}`}
      description="Every kept version, newest first. Restoring one publishes it at once, and can be undone like any change."
    >
      <div className="fc-history">
        {revisions.isPending && (
          <p className="fc-history__note" role="status">
            Loading the history…
          </p>
        )}
        {revisions.isError && (
          <p className="fc-history__note" role="alert">
            {messageOf(revisions.error, 'The history could not be loaded.')}
          </p>
        )}
        {revisions.isSuccess && revisions.data.length === 0 && (
          <p className="fc-history__note">No changes yet: the history starts with the first edit.</p>
        )}
        {revisions.isSuccess && revisions.data.length > 0 && (
          <ol className="fc-history__list" aria-label={`Versions of ${name}, newest first`}>
            {revisions.data.map((revision) => (
              <RevisionRow key={revision.id} revision={revision} busy={restore.isPending} onRestore={(r) => restore.mutate(r)} />
            ))}
          </ol>
        )}
      </div>
    </AdminDialog>
  );
}

/** The homepage hero's history, opened by `trigger`; a restore shows the page it published again. */
export function HomeHeroHistory({ trigger }: { trigger: ReactElement }) {
  return (
    <HistoryDialog
      entity="hero"
      entityId={HOME_HERO_ENTITY_ID}
      name="the homepage hero"
      onRestored={showRepublishedPage}
      trigger={trigger}
    />
  );
}
