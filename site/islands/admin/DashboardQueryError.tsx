import type { ReactNode } from 'react';
import { isUnauthorized } from './DashboardQueries';

interface DashboardQueryErrorProps {
  error: unknown;
  /** What failed, e.g. 'Failed to fetch subscribers'. */
  failure: string;
  /** What to say when the session has expired (the lookup answered 401). */
  expired: ReactNode;
  /** Offers 'Try again' for other failures. */
  onRetry?: () => void;
}

/** The alert a dashboard panel shows when its data could not be loaded. */
export function DashboardQueryError({ error, failure, expired, onRetry }: DashboardQueryErrorProps) {
  return (
    <div className="fc-dash-error" role="alert">
      {isUnauthorized(error) ? (
        <p>{expired}</p>
      ) : (
        <>
          <p>{failure}</p>
          {onRetry && (
            <button type="button" className="button button--ghost fc-dash-small-button" onClick={onRetry}>
              Try again
            </button>
          )}
        </>
      )}
    </div>
  );
}
