import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { objectPosition, type MediaItem, type MediaPage } from '@forkcast/shared/contracts';
import { plural } from '../DashboardFormat';
import { adminQuery } from '../DashboardQueries';
import { DashboardQueryError } from '../DashboardQueryError';

export const MEDIA_URL = '/api/media';

export const size = (bytes: number | null) =>
  bytes === null ? '' : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const dimensions = (item: MediaItem) => (item.width && item.height ? `${item.width} × ${item.height}` : '');

/** The grid of thumbnails, searchable and a page at a time; `onPick` makes it a chooser (the image picker). */
export function MediaGrid({ onPick }: { onPick: (item: MediaItem) => void }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const url = `${MEDIA_URL}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
  const list = useQuery({ queryKey: [MEDIA_URL, q, page], queryFn: adminQuery<MediaPage>(url) });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };
  return (
    <div className="fc-media">
      <form role="search" className="fc-media-search" onSubmit={search}>
        <label htmlFor={`${id}-q`}>Search the library</label>
        <input
          id={`${id}-q`}
          type="search"
          value={draft}
          placeholder="File name or alt text"
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button--ghost fc-dash-small-button">
          Search
        </button>
      </form>
      {list.isError ? (
        <DashboardQueryError
          error={list.error}
          failure="The media library could not be loaded."
          expired="Your session has ended; sign in again to see the library."
          onRetry={() => void list.refetch()}
        />
      ) : !list.data ? (
        <p className="fc-dash-meta">Loading the library…</p>
      ) : list.data.items.length === 0 ? (
        <p className="fc-dash-empty">{q ? `No images match “${q}”.` : 'No images uploaded yet.'}</p>
      ) : (
        <>
          <p className="fc-dash-meta">{plural(list.data.total, 'image')}</p>
          <ul className="fc-media-grid">
            {list.data.items.map((item) => (
              <li key={item.id}>
                <button type="button" className="fc-media-tile" onClick={() => onPick(item)}>
                  <img src={item.thumbnailUrl} alt="" loading="lazy" style={{ objectPosition: objectPosition(item.focalPoint) }} />
                  <span className="fc-media-tile__name">{item.originalName || item.alt || 'Untitled image'}</span>
                  <span className="fc-media-tile__meta">
                    {[dimensions(item), size(item.bytes), item.usedBy.length > 0 ? `used ${item.usedBy.length}×` : 'unused']
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="fc-media-pages" aria-label="Library pages">
              <button type="button" className="fc-dash-text-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button type="button" className="fc-dash-text-button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
