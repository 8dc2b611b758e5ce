import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { SITE_PAGE_LAYOUT_LABELS, SITE_PAGE_LAYOUTS, type SeoFields, type SitePageLayout } from '@forkcast/shared/contracts';
import { slugify } from '@forkcast/shared/slugs';
import { fixedPageRefusal } from '@forkcast/shared/urls';
import { apiRequest, messageOf } from '../../shared/api';
import { toast } from '../../shared/toast-store';
import { plural, timeAgo } from '../DashboardFormat';
import { adminQuery } from '../DashboardQueries';
import { QueryProgress } from '../DashboardQueryError';
import { HistoryDialog } from '../history/HistoryDialog';
import { announceWrite } from '../publish';
import { PageSeoPanel } from './PageSeoPanel';
import { seoApiFields, seoDraftOf, EMPTY_SEO_DRAFT, type SeoDraft } from '../seo/seo-draft';

const PAGES_URL = '/api/pages';

/** A page an editor writes (About-like), as /api/pages answers it. */
interface SitePageView extends SeoFields {
  id: number;
  slug: string;
  title: string;
  content: string;
  status: 'draft' | 'published';
  inFooter: boolean;
  layout: SitePageLayout;
  kicker: string;
  version: number;
  updatedAt: string;
  url: string;
}

interface Draft extends SeoDraft {
  title: string;
  slug: string;
  content: string;
  status: 'draft' | 'published';
  inFooter: boolean;
  layout: SitePageLayout;
  kicker: string;
}

const EMPTY: Draft = {
  title: '',
  slug: '',
  content: '',
  status: 'draft',
  inFooter: false,
  layout: 'standard',
  kicker: '',
  ...EMPTY_SEO_DRAFT,
};

/** The editor of one page: new (no `page`) or an existing one, saved with the version it was opened at. */
function PageEditor({ page, onDone }: { page?: SitePageView; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(
    page
      ? {
          title: page.title,
          slug: page.slug,
          content: page.content,
          status: page.status,
          inFooter: page.inFooter,
          layout: page.layout,
          kicker: page.kicker,
          ...seoDraftOf(page),
        }
      : EMPTY,
  );
  // About, Terms and Privacy keep their address, stay published and are in the footer already.
  const fixed = page ? fixedPageRefusal(page.slug, 'move') : undefined;
  // A new page's slug follows its title until the editor types one.
  const [slugTouched, setSlugTouched] = useState(page !== undefined);
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: async () => {
      const body = { ...draft, ...seoApiFields(draft) };
      const response = page
        ? await apiRequest('PATCH', `${PAGES_URL}/${page.id}`, body, { version: page.version })
        : await apiRequest('POST', PAGES_URL, body);
      return (await response.json()) as SitePageView;
    },
    onSuccess: async (saved) => {
      toast({ title: 'Page saved', description: saved.status === 'published' ? `Live at ${saved.url}.` : 'Saved as a draft.' });
      await queryClient.invalidateQueries({ queryKey: [PAGES_URL] });
      onDone();
    },
    onError: (failure) => setError(messageOf(failure, 'The page could not be saved.')),
  });
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <p className="kicker">Pages</p>
      <h2 id={`${id}-title`}>{page ? `Edit “${page.title}”` : 'New page'}</h2>
      <form className="fc-dash-form" onSubmit={submit} noValidate aria-busy={save.isPending}>
        <div className="fc-form">
          <label htmlFor={`${id}-page-title`}>Title</label>
          <input
            id={`${id}-page-title`}
            required
            value={draft.title}
            disabled={save.isPending}
            onChange={(event) => set({ title: event.target.value, ...(slugTouched ? {} : { slug: slugify(event.target.value) }) })}
          />
        </div>
        <div className="fc-form">
          <label htmlFor={`${id}-slug`}>Address</label>
          <input
            id={`${id}-slug`}
            required
            spellCheck={false}
            autoComplete="off"
            value={draft.slug}
            disabled={save.isPending || fixed !== undefined}
            aria-describedby={`${id}-slug-hint`}
            onChange={(event) => {
              setSlugTouched(true);
              set({ slug: event.target.value });
            }}
          />
          <p className="fc-dash-hint" id={`${id}-slug-hint`}>
            {fixed ?? `The page lives at /${draft.slug || 'your-slug'}: lowercase letters and digits joined by hyphens.`}
          </p>
        </div>
        <div className="fc-form">
          <label htmlFor={`${id}-layout`}>Layout</label>
          <select
            id={`${id}-layout`}
            value={draft.layout}
            disabled={save.isPending}
            onChange={(event) => set({ layout: SITE_PAGE_LAYOUTS.find((layout) => layout === event.target.value) ?? 'standard' })}
          >
            {SITE_PAGE_LAYOUTS.map((layout) => (
              <option key={layout} value={layout}>
                {SITE_PAGE_LAYOUT_LABELS[layout]}
              </option>
            ))}
          </select>
        </div>
        <div className="fc-form">
          <label htmlFor={`${id}-kicker`}>Kicker</label>
          <input
            id={`${id}-kicker`}
            value={draft.kicker}
            disabled={save.isPending}
            aria-describedby={`${id}-kicker-hint`}
            onChange={(event) => set({ kicker: event.target.value })}
          />
          <p className="fc-dash-hint" id={`${id}-kicker-hint`}>
            The small line over the title; empty, the site&rsquo;s name.
          </p>
        </div>
        <div className="fc-form">
          <label htmlFor={`${id}-content`}>Content</label>
          <textarea
            id={`${id}-content`}
            rows={12}
            value={draft.content}
            disabled={save.isPending}
            aria-describedby={`${id}-content-hint`}
            onChange={(event) => set({ content: event.target.value })}
          />
          <p className="fc-dash-hint" id={`${id}-content-hint`}>
            Markdown: ## for a heading, **bold**, [a link](/about), - for a list; {'{site}'} shows the site&rsquo;s name.
          </p>
        </div>
        <div className="fc-form">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={draft.status}
            disabled={save.isPending || fixed !== undefined}
            onChange={(event) => set({ status: event.target.value === 'published' ? 'published' : 'draft' })}
          >
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </select>
        </div>
        <label className="fc-site-page-footer">
          <input
            type="checkbox"
            checked={draft.inFooter}
            disabled={save.isPending || fixed !== undefined}
            onChange={(event) => set({ inFooter: event.target.checked })}
          />{' '}
          Show in the footer
        </label>
        <PageSeoPanel draft={draft} onChange={set} />
        {error && (
          <p className="fc-dash-error" role="alert">
            {error}
          </p>
        )}
        <div className="fc-dash-form__actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save page'}
          </button>
          <button type="button" className="fc-dash-text-button" onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

/** The site's written pages: a list with each page's status, and the editor to add or change one. */
export function DashboardSitePages() {
  const id = useId();
  const queryClient = useQueryClient();
  const pages = useQuery({ queryKey: [PAGES_URL], queryFn: adminQuery<SitePageView[]>(PAGES_URL) });
  const [editing, setEditing] = useState<SitePageView | 'new'>();
  const remove = useMutation({
    mutationFn: (page: SitePageView) => apiRequest('DELETE', `${PAGES_URL}/${page.id}`),
    onSuccess: async (response) => {
      // Undo (or the trash, for 30 days) brings it back.
      announceWrite(response, 'Page moved to the trash');
      await queryClient.invalidateQueries();
    },
    onError: (failure) =>
      toast({ title: 'Error', description: messageOf(failure, 'The page could not be deleted.'), variant: 'destructive' }),
  });
  const list = pages.data ?? [];
  if (editing) return <PageEditor page={editing === 'new' ? undefined : editing} onDone={() => setEditing(undefined)} />;
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <p className="kicker">Site</p>
      <h2 id={`${id}-title`}>Pages</h2>
      <p className="fc-dash-meta">
        Pages such as About live at their own address once published; a page shown in the footer is linked after the footer&rsquo;s own
        links.
      </p>
      <div className="fc-dash-form__actions">
        <button type="button" className="button" onClick={() => setEditing('new')}>
          New page
        </button>
      </div>
      {pages.isSuccess && <p className="fc-dash-meta">{plural(list.length, 'page')}</p>}
      <QueryProgress query={pages} what="pages" task="manage pages" />
      {pages.isSuccess && list.length === 0 && <p className="fc-dash-empty">No pages yet</p>}
      {list.length > 0 && (
        <ul className="fc-hook-list">
          {list.map((page) => (
            <li key={page.id} className="fc-hook">
              <div className="fc-hook__main">
                <p className="fc-hook__url">{page.status === 'published' ? <a href={page.url}>{page.title}</a> : page.title}</p>
                <p className="fc-dash-meta">
                  {page.url} · {page.status === 'published' ? 'Published' : 'Draft'}
                  {page.inFooter && ' · In the footer'} · changed {timeAgo(page.updatedAt)}
                </p>
              </div>
              <button type="button" className="button button--ghost fc-dash-small-button" onClick={() => setEditing(page)}>
                Edit <span className="visually-hidden">{page.title}</span>
              </button>
              <HistoryDialog
                entity="page"
                entityId={page.id}
                name={`'${page.title}'`}
                onRestored={() => void queryClient.invalidateQueries()}
                trigger={
                  <button type="button" className="button button--ghost fc-dash-small-button">
                    History <span className="visually-hidden">of {page.title}</span>
                  </button>
                }
              />
              {fixedPageRefusal(page.slug, 'delete') ? (
                <p className="fc-dash-hint">{fixedPageRefusal(page.slug, 'delete')}</p>
              ) : (
                <button
                  type="button"
                  className="fc-dash-danger"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (
                      window.confirm(`Delete the page ${page.title}? It is taken off the site at once and kept in the trash for 30 days.`)
                    )
                      remove.mutate(page);
                  }}
                >
                  Delete <span className="visually-hidden">{page.title}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
