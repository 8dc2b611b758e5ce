import { useEffect, useId, useRef } from 'react';
import type { FieldDiff, StaleVersionDetails } from '@forkcast/shared/contracts';
import { dateTime } from '../DashboardFormat';
import { condensed } from './field-diffs';
import { DiffText } from '../history/DiffText';
import { ensureHistoryStyles } from '../history/styles';

/** "ana@forkcast.test changed this post at January 15, 2026 at 10:30 AM": who made the version a save ran into. */
export function changedHeadline(stale: StaleVersionDetails, noun: string): string {
  if (stale.changedAt === null) return `This ${noun} has changed since you opened it`;
  return `${stale.changedBy ?? 'The server'} changed this ${noun} at ${dateTime(stale.changedAt)}`;
}

function Changes({ id, title, changes, empty }: { id: string; title: string; changes: readonly FieldDiff[]; empty: string }) {
  return (
    <section className="fc-conflict__side" aria-labelledby={id}>
      <h4 id={id}>{title}</h4>
      {changes.length === 0 && <p className="fc-history__note">{empty}</p>}
      {changes.map((change) => (
        <section key={change.label} className="fc-history__field" aria-label={`${title}: ${change.label}`}>
          <h5>{change.label}</h5>
          <DiffText parts={condensed(change.parts)} />
        </section>
      ))}
    </section>
  );
}

interface Props {
  /** What the editor edits: 'post', 'city', 'homepage hero'. */
  noun: string;
  stale: StaleVersionDetails;
  /** The editor's own change against the version they started from, field by field. */
  mine: readonly FieldDiff[];
  busy: boolean;
  /** Drops the editor's change and shows theirs. */
  onReload: () => void;
  /** Makes the editor's change again on top of theirs. */
  onReapply: () => void;
  reloadLabel?: string;
  reapplyLabel?: string;
}

/**
 * What a save that ran into someone else's change shows: who changed it and when, their change and
 * the editor's side by side (the history's word diffs), and the two ways on: take theirs, or apply
 * one's own edit on top of it. Nothing of the editor's was saved until they choose.
 */
export function ConflictView({ noun, stale, mine, busy, onReload, onReapply, reloadLabel, reapplyLabel }: Props) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(ensureHistoryStyles, []);
  // The editor may be typing far down the form: the choice comes to them.
  useEffect(() => {
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  const who = stale.changedBy ?? 'The server';
  return (
    <div ref={box} tabIndex={-1} className="fc-conflict" role="alert" aria-labelledby={`${id}-headline`}>
      <p id={`${id}-headline`} className="fc-conflict__headline">
        {changedHeadline(stale, noun)}
      </p>
      <p className="fc-conflict__note">Your change is not saved yet. Their change and yours, side by side:</p>
      <div className="fc-conflict__sides">
        <Changes
          id={`${id}-theirs`}
          title={stale.changedBy ? `Their change (${who})` : 'Their change'}
          changes={stale.changes}
          empty="What they changed is no longer kept in detail."
        />
        <Changes id={`${id}-mine`} title="Your change" changes={mine} empty="You have not changed anything." />
      </div>
      <div className="fc-confirm__actions">
        <button type="button" className="button button--ghost" disabled={busy} onClick={onReload}>
          {reloadLabel ?? 'Reload theirs'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onReapply}>
          {reapplyLabel ?? 'Apply my edit on top'}
        </button>
      </div>
    </div>
  );
}
