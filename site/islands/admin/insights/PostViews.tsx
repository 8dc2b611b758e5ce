import { useQueries } from '@tanstack/react-query';
import { Line, LineChart } from 'recharts';
import type { PostViews } from '@forkcast/shared/contracts';
import { adminQuery } from '../DashboardQueries';

const POST_VIEWS_URL = '/api/insights/posts';

/** The most posts one ask may name (the API's limit). */
const PER_ASK = 50;

/** The last 30 days' views of these posts, by id (editors and above may ask), asked for fifty at a time. */
export function usePostViews(ids: readonly number[], enabled: boolean): Map<number, PostViews> {
  const asks = Array.from({ length: Math.ceil(ids.length / PER_ASK) }, (_, index) => ids.slice(index * PER_ASK, (index + 1) * PER_ASK));
  const views = useQueries({
    queries: asks.map((chunk) => ({
      queryKey: [POST_VIEWS_URL, ...chunk],
      queryFn: adminQuery<PostViews[]>(`${POST_VIEWS_URL}?ids=${chunk.join(',')}`),
      enabled,
    })),
  });
  return new Map(views.flatMap((answer) => answer.data ?? []).map((entry) => [entry.id, entry]));
}

const number = new Intl.NumberFormat('en');

/** A post's views over 30 days: the total, and a line of each day's (drawn for the eye; the total says it in words). */
export function ViewsSparkline({ views }: { views: PostViews | undefined }) {
  if (!views) return <span className="fc-dash-meta">—</span>;
  return (
    <span className="fc-views">
      <span aria-hidden="true" className="fc-views__line">
        <LineChart width={72} height={22} data={views.days.map((pageviews, day) => ({ day, pageviews }))}>
          <Line isAnimationActive={false} type="monotone" dataKey="pageviews" stroke="#a63d1c" strokeWidth={1.5} dot={false} />
        </LineChart>
      </span>
      <span className="fc-views__total">
        {number.format(views.pageviews)}
        <span className="visually-hidden"> views in the last 30 days</span>
      </span>
    </span>
  );
}

/** The post editor's view of a live post's readers: the last 30 days' views and visitors, and each day's views. */
export function PostReaders({ postId }: { postId: number }) {
  const views = usePostViews([postId], true).get(postId);
  return (
    <section className="fc-post-readers" aria-labelledby={`post-readers-${postId}`}>
      <h2 id={`post-readers-${postId}`} className="fc-post-readers__title">
        Readers
      </h2>
      {views ? (
        <>
          <p className="fc-dash-meta">
            <strong>{number.format(views.pageviews)}</strong> views by <strong>{number.format(views.visitors)}</strong> visitors in the last
            30 days
          </p>
          <span aria-hidden="true" className="fc-post-readers__line">
            <LineChart width={240} height={48} data={views.days.map((pageviews, day) => ({ day, pageviews }))}>
              <Line isAnimationActive={false} type="monotone" dataKey="pageviews" stroke="#a63d1c" strokeWidth={2} dot={false} />
            </LineChart>
          </span>
          <a href="/admin/insights">All insights</a>
        </>
      ) : (
        <p className="fc-dash-meta" role="status">
          Counting…
        </p>
      )}
    </section>
  );
}
