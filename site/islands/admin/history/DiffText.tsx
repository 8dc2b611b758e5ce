import type { DiffPart } from '@forkcast/shared/contracts';

/** A word diff as the history shows it: removed words struck through, added ones marked, for screen readers too. */
export function DiffText({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <p className="fc-diff">
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index}>
            <span className="visually-hidden">added: </span>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={index}>
            <span className="visually-hidden">removed: </span>
            {part.value}
          </del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  );
}
