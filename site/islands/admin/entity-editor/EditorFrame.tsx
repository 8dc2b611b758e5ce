import type { ReactNode } from 'react';
import { messageOf } from '../../shared/api';
import { HistoryDialog } from '../history/HistoryDialog';
import { showRepublishedPage } from '../publish';

/** The id in the editor page's address (`?id=`), or undefined on the page of a new entity. */
export function idFromLocation(): number | undefined {
  const id = Number(new URLSearchParams(window.location.search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** What the editor's bar says of the form: saving, not saved (in `dirtyLabel`'s words), or saved. */
export function saveStateOf(
  editor: { saving: boolean; dirty: boolean; id: number | undefined },
  dirtyLabel: 'Unsaved changes' | 'Editing…' = 'Unsaved changes',
): string {
  if (editor.saving) return 'Saving…';
  if (editor.dirty) return dirtyLabel;
  return editor.id === undefined ? 'Not saved yet' : 'All changes saved';
}

/** Shown while the entity the page opened is read; `noun` names it ('post', 'city'). */
export function EditorLoading({ noun }: { noun: string }) {
  return (
    <div className="fc-dash-center" role="status">
      <span className="fc-dash-spinner" aria-hidden="true" />
      <span>Loading the {noun}…</span>
    </div>
  );
}

/** Shown instead of the form when the entity could not be read. */
export function EditorLoadFailed({ noun, error }: { noun: string; error: Error }) {
  return (
    <div className="fc-dash-center" role="alert">
      <p>{messageOf(error, `The ${noun} could not be loaded.`)}</p>
      <a href="/admin">Back to the dashboard</a>
    </div>
  );
}

/** The editor's top bar: the way back, the form's state, and the editor's actions. */
export function EditorBar({ state, children }: { state: ReactNode; children: ReactNode }) {
  return (
    <header className="fc-editor__bar">
      <a className="fc-editor__back" href="/admin">
        ← Dashboard
      </a>
      <p className="fc-editor__state" role="status" aria-live="polite">
        {state}
      </p>
      <div className="fc-editor__actions">{children}</div>
    </header>
  );
}

/** Why the last save failed, above the form. */
export function EditorProblem({ problem }: { problem: string | undefined }) {
  if (!problem) return null;
  return (
    <p className="fc-editor__problem" role="alert">
      {problem}
    </p>
  );
}

/** The History button of an editor's bar: the entity's kept versions, with Restore. */
export function EditorHistory({ entity, entityId, name }: { entity: 'post' | 'city'; entityId: number; name: string }) {
  return (
    <HistoryDialog
      entity={entity}
      entityId={entityId}
      name={name}
      onRestored={showRepublishedPage}
      trigger={
        <button type="button" className="button button--ghost fc-dash-small-button">
          History
        </button>
      }
    />
  );
}
