import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { POST_STATUS_LABEL, type City, type Post } from '@forkcast/shared/contracts';
import { longDate } from '../../lib/dates';
import { getJson } from '../shared/api';
import { DashboardQueryError } from './DashboardQueryError';
import { adminQuery, LOGIN_URL } from './DashboardQueries';
import { usePostViews, ViewsSparkline } from './insights/PostViews';

/** Posts on one page of the list. */
export const POSTS_PAGE_SIZE = 20;

interface Filters {
  q: string;
  status: '' | Post['status'];
  type: '' | Post['type'];
  cityId: string;
  tag: string;
}

function listUrl(filters: Filters, page: number, authorId: number | undefined): string {
  const params = new URLSearchParams({ sort: 'updated', limit: String(POSTS_PAGE_SIZE + 1), offset: String(page * POSTS_PAGE_SIZE) });
  if (authorId !== undefined) params.set('authorId', String(authorId));
  for (const key of ['q', 'status', 'type', 'cityId', 'tag'] as const) if (filters[key].trim()) params.set(key, filters[key].trim());
  return `/api/posts?${params}`;
}

/** A moment in the editor's own time zone, to the minute. */
function localMoment(iso: string): string {
  // dateStyle and timeStyle cannot be combined with timeZoneName, so the parts are named one by one.
  const format = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' } as const;
  return new Intl.DateTimeFormat(undefined, format).format(new Date(iso));
}

/**
 * Every post and guide, newest edit first (or only those `authorId` wrote: a writer's own): search,
 * filters, pages, and each row opens its editor. With `views` (an editor's list), each row shows its
 * readers over the last 30 days.
 */
export function DashboardPosts({ authorId, views = false }: { authorId?: number; views?: boolean }) {
  const id = useId();
  const [filters, setFilters] = useState<Filters>({ q: '', status: '', type: '', cityId: '', tag: '' });
  const [page, setPage] = useState(0);
  const url = listUrl(filters, page, authorId);
  const posts = useQuery({ queryKey: ['/api/posts', url], queryFn: adminQuery<Post[]>(url), placeholderData: keepPreviousData });
  const cities = useQuery({ queryKey: ['/api/cities'], queryFn: async () => (await getJson<City[]>('/api/cities')) ?? [] });
  const cityName = new Map((cities.data ?? []).map((city) => [city.id, city.name]));
  const rows = (posts.data ?? []).slice(0, POSTS_PAGE_SIZE);
  const hasNext = (posts.data ?? []).length > POSTS_PAGE_SIZE;
  const readers = usePostViews(
    rows.map((post) => post.id),
    views,
  );
  const filter = (key: keyof Filters) => (event: { target: { value: string } }) => {
    setFilters((current) => ({ ...current, [key]: event.target.value }));
    setPage(0);
  };

  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <div className="fc-dash-card__head">
        <div>
          <p className="kicker">Writing</p>
          <h2 id={`${id}-title`}>{authorId === undefined ? 'Posts' : 'Your posts'}</h2>
        </div>
        <a className="button fc-dash-small-button" href="/admin/editor">
          New post
        </a>
      </div>

      <form className="fc-posts-filters" role="search" aria-label="Filter posts" onSubmit={(event) => event.preventDefault()}>
        <label className="fc-field">
          <span>Search titles</span>
          <input type="search" value={filters.q} onChange={filter('q')} />
        </label>
        <label className="fc-field">
          <span>Status</span>
          <select value={filters.status} onChange={filter('status')}>
            <option value="">Any</option>
            <option value="draft">Draft</option>
            <option value="review">In review</option>
            <option value="scheduled">Scheduled</option>
            <option value="published">Published</option>
          </select>
        </label>
        <label className="fc-field">
          <span>Type</span>
          <select value={filters.type} onChange={filter('type')}>
            <option value="">Any</option>
            <option value="post">Post</option>
            <option value="guide">City guide</option>
          </select>
        </label>
        <label className="fc-field">
          <span>City</span>
          <select value={filters.cityId} onChange={filter('cityId')}>
            <option value="">Any</option>
            {(cities.data ?? []).map((city) => (
              <option key={city.id} value={city.id}>
                {city.name}
              </option>
            ))}
          </select>
        </label>
        <label className="fc-field">
          <span>Tag</span>
          <input value={filters.tag} onChange={filter('tag')} />
        </label>
      </form>

      {posts.isPending && (
        <p className="fc-dash-empty" role="status">
          Loading posts…
        </p>
      )}
      {posts.isError && (
        <DashboardQueryError
          error={posts.error}
          failure="Failed to fetch posts"
          expired={
            <>
              Your session has expired. <a href={LOGIN_URL}>Sign in again</a>.
            </>
          }
          onRetry={() => void posts.refetch()}
        />
      )}
      {posts.isSuccess && rows.length === 0 && <p className="fc-dash-empty">No posts match.</p>}
      {posts.isSuccess && rows.length > 0 && (
        <div className="fc-dash-table-wrap" role="region" aria-label="Posts table" tabIndex={0}>
          <table className="fc-dash-table">
            <caption className="visually-hidden">Posts, last edited first</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">City</th>
                <th scope="col">Edited</th>
                {views && <th scope="col">Views, 30 days</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((post) => (
                <tr key={post.id}>
                  <th scope="row">
                    <a href={`/admin/editor?id=${post.id}`}>{post.title}</a>
                    {post.type === 'guide' && <span className="fc-dash-meta"> · City guide</span>}
                  </th>
                  <td>
                    <span className={`fc-status fc-status--${post.status}`}>{POST_STATUS_LABEL[post.status]}</span>
                    {post.status === 'scheduled' && post.publishAt && (
                      <span className="fc-dash-meta">
                        {' '}
                        <time dateTime={post.publishAt}>{localMoment(post.publishAt)}</time>
                      </span>
                    )}
                  </td>
                  <td>{post.cityId === null ? '—' : (cityName.get(post.cityId) ?? '')}</td>
                  <td className="fc-dash-date">
                    <time dateTime={post.updatedAt}>{longDate(post.updatedAt)}</time>
                  </td>
                  {views && (
                    <td>
                      <ViewsSparkline views={readers.get(post.id)} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(page > 0 || hasNext) && (
        <nav className="fc-posts-pages" aria-label="Posts pages">
          <button
            type="button"
            className="button button--ghost fc-dash-small-button"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
          >
            Newer
          </button>
          <span className="fc-dash-meta">Page {page + 1}</span>
          <button type="button" className="button button--ghost fc-dash-small-button" disabled={!hasNext} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </nav>
      )}
    </section>
  );
}
