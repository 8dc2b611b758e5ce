import type { ReactNode } from 'react';
import { isUnauthorized, LOGIN_URL } from './DashboardQueries';

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

interface QueryProgressProps {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** What the panel loads, as the messages name it: 'redirects', 'the delivery log'. */
  what: string;
  /** What the reader does with it, for the expired-session message: 'manage redirects'. */
  task: string;
  /** Whether to say it is loading (a panel that shows its own placeholder says nothing). */
  loading?: boolean;
}

/** A panel's "Loading …" line while its query runs, and the alert when it fails, worded for what it loads. */
export function QueryProgress({ query, what, task, loading = true }: QueryProgressProps) {
  return (
    <>
      {loading && query.isPending && (
        <p className="fc-dash-meta" role="status">
          Loading {what}…
        </p>
      )}
      {query.isError && (
        <DashboardQueryError
          error={query.error}
          failure={`Failed to fetch ${what}`}
          expired={
            <>
              Your session has expired. <a href={LOGIN_URL}>Log in again</a> to {task}.
            </>
          }
          onRetry={() => void query.refetch()}
        />
      )}
    </>
  );
}
