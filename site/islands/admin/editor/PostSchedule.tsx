import { useState } from 'react';

/** A datetime-local value (the editor's zone) as an ISO instant. */
function instantOf(local: string): string {
  return new Date(local).toISOString();
}

interface Props {
  /** Whether the post may be scheduled now (saved, and not live). Kept mounted so a typed time survives. */
  shown: boolean;
  saving: boolean;
  onSchedule: (publishAt: string) => void;
}

/** Schedule: the moment, in the editor's own zone, a draft goes live. */
export function PostSchedule({ shown, saving, onSchedule }: Props) {
  const [publishAt, setPublishAt] = useState('');
  if (!shown) return null;
  return (
    <fieldset className="fc-editor__schedule">
      <legend>Schedule</legend>
      <label className="fc-field">
        <span>Go live at (your time)</span>
        <input type="datetime-local" step={1} value={publishAt} onChange={(event) => setPublishAt(event.target.value)} />
      </label>
      <button
        type="button"
        className="button button--ghost fc-dash-small-button"
        disabled={publishAt === '' || saving}
        onClick={() => onSchedule(instantOf(publishAt))}
      >
        Schedule
      </button>
    </fieldset>
  );
}
