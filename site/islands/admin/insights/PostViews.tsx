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

/** Each day's views as a line, drawn at a fixed size for the eye (the figures beside it say it in words). */
function DaysLine({ days, width, height, strokeWidth }: { days: number[]; width: number; height: number; strokeWidth: number }) {
  return (
    <LineChart width={width} height={height} data={days.map((pageviews, day) => ({ day, pageviews }))}>
      <Line isAnimationActive={false} type="monotone" dataKey="pageviews" stroke="#a63d1c" strokeWidth={strokeWidth} dot={false} />
    </LineChart>
  );
}

/** A post's views over 30 days: the total, and a line of each day's (drawn for the eye; the total says it in words). */
export function ViewsSparkline({ views }: { views: PostViews | undefined }) {
  if (!views) return <span className="fc-dash-meta">—</span>;
  return (
    <span className="fc-views">
      <span aria-hidden="true" className="fc-views__line">
        <DaysLine days={views.days} width={72} height={22} strokeWidth={1.5} />
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
            <DaysLine days={views.days} width={240} height={48} strokeWidth={2} />
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
