import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { Post } from '@forkcast/shared/contracts';
import { postEditorUrl } from '../admin-urls';
import { dateTime, plural, timeAgo } from '../DashboardFormat';
import { adminQuery, LOGIN_URL } from '../DashboardQueries';
import { DashboardQueryError } from '../DashboardQueryError';

/** Every post in review; the key starts with /api/posts, so any post write refreshes it. */
export const REVIEW_QUEUE_URL = '/api/posts?status=review&limit=200';

// The longest wait first: review is first come, first served.
const longestWaitFirst = (a: Post, b: Post) => (a.reviewAt ?? '').localeCompare(b.reviewAt ?? '') || a.id - b.id;

/** "Waiting for review": the posts writers submitted, for an editor to open, preview and decide on. */
export function ReviewQueue() {
  const id = useId();
  const queue = useQuery({
    queryKey: ['/api/posts', REVIEW_QUEUE_URL],
    queryFn: adminQuery<Post[]>(REVIEW_QUEUE_URL),
    select: (posts) => [...posts].sort(longestWaitFirst),
  });
  const posts = queue.data ?? [];
  return (
    <section className="fc-dash-card fc-review-queue" aria-labelledby={`${id}-title`}>
      <div className="fc-dash-card__head">
        <div>
          <p className="kicker">Review</p>
          <h2 id={`${id}-title`}>Waiting for review</h2>
          {queue.isSuccess && <p className="fc-dash-meta">{plural(posts.length, 'post')}</p>}
        </div>
      </div>
      {queue.isPending && (
        <p className="fc-dash-empty" role="status">
          Loading the posts waiting for review…
        </p>
      )}
      {queue.isError && (
        <DashboardQueryError
          error={queue.error}
          failure="Failed to fetch the posts waiting for review"
          expired={
            <>
              Your session has expired. <a href={LOGIN_URL}>Log in again</a> to review posts.
            </>
          }
          onRetry={() => void queue.refetch()}
        />
      )}
      {queue.isSuccess && posts.length === 0 && <p className="fc-dash-empty">Nothing is waiting for review.</p>}
      {posts.length > 0 && (
        <ul className="fc-review-queue__list">
          {posts.map((post) => (
            <li key={post.id} className="fc-review-queue__item">
              <a className="fc-review-queue__title" href={postEditorUrl(post.id)}>
                {post.title}
              </a>
              {post.reviewAt && (
                <span className="fc-dash-meta">
                  Submitted{post.submittedBy ? ` by ${post.submittedBy.name}` : ''}{' '}
                  <time dateTime={post.reviewAt} title={dateTime(post.reviewAt)}>
                    {timeAgo(post.reviewAt)}
                  </time>
                </span>
              )}
              <a
                className="button button--ghost fc-dash-small-button"
                href={`/api/posts/${post.id}/preview`}
                target="_blank"
                rel="noopener"
                aria-label={`Preview ${post.title}`}
              >
                Preview
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
