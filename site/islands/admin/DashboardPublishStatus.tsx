import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { BucketTargetStatus, FailingObject, PublishStatus } from '@forkcast/shared/contracts';
import { dateTime, duration, plural, timeAgo } from './DashboardFormat';
import { adminQuery, LOGIN_URL, PUBLISH_STATUS_URL } from './DashboardQueries';
import { DashboardQueryError } from './DashboardQueryError';

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={dateTime(iso)}>
      {timeAgo(iso)}
    </time>
  );
}

function BucketFact({ name, target }: { name: string; target: BucketTargetStatus | null }) {
  if (!target) return null;
  const state =
    target.queued > 0 ? `${plural(target.queued, 'file')} waiting` : target.reconciling ? 'comparing with the folder' : 'up to date';
  return (
    <div>
      <dt>{name}</dt>
      <dd className={target.failing > 0 ? 'fc-dash-bad' : undefined}>
        {target.url}: {state}
      </dd>
    </div>
  );
}

/** Where a bucket's object is read: a page's one URL, or an upload under /uploads. */
const objectPath = ({ bucket, key }: FailingObject) => (bucket === 'uploads' ? `/uploads/${key}` : key === 'index.html' ? '/' : `/${key}`);

function FailingObjects({ objects }: { objects: FailingObject[] }) {
  if (objects.length === 0) return null;
  return (
    <div className="fc-dash-failure">
      <h3>{plural(objects.length, 'file')} not in the bucket yet</h3>
      <p className="fc-dash-meta">
        Readers behind the bucket see the last version it holds; this server and its site folder are current. Each is tried again on its
        own, with growing waits.
      </p>
      <ul>
        {objects.map((object) => (
          <li key={`${object.bucket}:${object.key}`}>
            <a href={objectPath(object)}>{objectPath(object)}</a>: {object.error}{' '}
            <span className="fc-dash-meta">
              ({plural(object.attempts, 'attempt')}, failing since <When iso={object.firstFailedAt} />; next try{' '}
              <When iso={object.retryAt} />)
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StatusFacts({ status }: { status: PublishStatus }) {
  const { queueLength, lastPublish, failuresLastDay, lastFailure, failingRoutes, bucket } = status;
  return (
    <>
      <dl className="fc-dash-facts">
        <div>
          <dt>Waiting to publish</dt>
          <dd>{plural(queueLength, 'change')}</dd>
        </div>
        <div>
          <dt>Last publish</dt>
          <dd>{lastPublish ? <When iso={lastPublish.at} /> : 'Never'}</dd>
        </div>
        {lastPublish && (
          <>
            <div>
              <dt>Duration</dt>
              <dd>{duration(lastPublish.durationMs)}</dd>
            </div>
            <div>
              <dt>Pages changed</dt>
              <dd>{lastPublish.pagesChanged}</dd>
            </div>
            {lastPublish.by.length > 0 && (
              <div>
                <dt>Changes by</dt>
                <dd>{lastPublish.by.join(', ')}</dd>
              </div>
            )}
          </>
        )}
        <div>
          <dt>Failures in the last day</dt>
          <dd className={failuresLastDay > 0 ? 'fc-dash-bad' : undefined}>{failuresLastDay}</dd>
        </div>
        <BucketFact name="Site bucket" target={bucket?.site ?? null} />
        <BucketFact name="Uploads bucket" target={bucket?.uploads ?? null} />
      </dl>
      {lastPublish?.error && (
        <p className="fc-dash-error" role="alert">
          The last publish failed: {lastPublish.error}
        </p>
      )}
      {failingRoutes.length > 0 && (
        <div className="fc-dash-failure">
          <h3>{plural(failingRoutes.length, 'page')} not live yet</h3>
          <p className="fc-dash-meta">
            Readers see the last good version of these pages. Each is tried again on its own, with growing waits.
          </p>
          <ul>
            {failingRoutes.map((route) => (
              <li key={route.path}>
                <a href={route.path}>{route.path}</a>: {route.error}{' '}
                <span className="fc-dash-meta">
                  ({plural(route.attempts, 'attempt')}, failing since <When iso={route.firstFailedAt} />; next try{' '}
                  <When iso={route.retryAt} />)
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <FailingObjects objects={bucket?.failingObjects ?? []} />
      {lastPublish && lastPublish.urls.length > 0 && (
        <details className="fc-dash-disclosure">
          <summary>Changed pages ({lastPublish.urls.length})</summary>
          <ul>
            {lastPublish.urls.map((url) => (
              <li key={url}>
                <a href={url}>{url}</a>
              </li>
            ))}
          </ul>
        </details>
      )}
      {lastFailure?.error && (
        <div className="fc-dash-failure">
          <h3>Last failure</h3>
          <p className="fc-dash-meta">
            <When iso={lastFailure.startedAt} />
          </p>
          <pre>{lastFailure.error}</pre>
        </div>
      )}
    </>
  );
}

/** What the publisher is doing: queue length, the last publish and recent failures. */
export function DashboardPublishStatus() {
  const id = useId();
  const status = useQuery({
    queryKey: [PUBLISH_STATUS_URL],
    queryFn: adminQuery<PublishStatus>(PUBLISH_STATUS_URL),
  });
  const refreshing = status.isFetching;

  return (
    <section className="fc-dash-card fc-dash-publish" aria-labelledby={`${id}-title`} aria-busy={refreshing}>
      <div className="fc-dash-card__head">
        <div>
          <p className="kicker">Publisher</p>
          <h2 id={`${id}-title`}>Publish status</h2>
        </div>
        <button
          type="button"
          className="button button--ghost fc-dash-small-button"
          disabled={refreshing}
          onClick={() => void status.refetch()}
        >
          Refresh
        </button>
      </div>
      {status.isPending && (
        <p className="fc-dash-meta" role="status">
          Loading publish status…
        </p>
      )}
      {status.isError && (
        <DashboardQueryError
          error={status.error}
          failure="Failed to fetch the publish status"
          expired={
            <>
              Your session has expired. <a href={LOGIN_URL}>Log in again</a> to see the publish status.
            </>
          }
        />
      )}
      {status.data && <StatusFacts status={status.data} />}
    </section>
  );
}
