import { useEffect } from 'react';
import { ensureHistoryStyles } from '../history/styles';
import { presenceLine, usePresence } from './use-presence';

/** The editor's line saying who else has the post open, while anyone does. */
export function PresenceNote({ postId }: { postId: number | undefined }) {
  useEffect(ensureHistoryStyles, []);
  const line = presenceLine(usePresence(postId));
  return (
    <p className="fc-presence" role="status" hidden={line === undefined}>
      {line}
    </p>
  );
}
