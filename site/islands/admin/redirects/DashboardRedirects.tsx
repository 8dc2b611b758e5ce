import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApiErrorBody, CsvProblem, RedirectImportResult, RedirectView } from '@forkcast/shared/contracts';
import { apiRequest, messageOf, RequestError } from '../../shared/api';
import { toast } from '../../shared/toast-store';
import { describeProblem, problemsOf } from '../csv-problems';
import { dateTime, plural, timeAgo } from '../DashboardFormat';
import { adminQuery } from '../DashboardQueries';
import { QueryProgress } from '../DashboardQueryError';

const REDIRECTS_URL = '/api/redirects';
const IMPORT_URL = '/api/redirects/import';

const STATUS_LABEL: Record<RedirectView['status'], string> = { 301: 'Permanent', 302: 'Temporary' };

/** The field a refusal names (`from` or `to`), so the form marks that one. */
function fieldOf(error: unknown): string | undefined {
  if (!(error instanceof RequestError)) return undefined;
  try {
    return (JSON.parse(error.body) as Partial<ApiErrorBody>).field;
  } catch {
    return undefined;
  }
}

/** The form that adds one redirect. */
function AddRedirect() {
  const id = useId();
  const queryClient = useQueryClient();
  const fromInput = useRef<HTMLInputElement>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<RedirectView['status']>(301);
  const [error, setError] = useState<{ message: string; field: string | undefined }>();
  const add = useMutation({
    mutationFn: async () => (await (await apiRequest('POST', REDIRECTS_URL, { from, to, status })).json()) as RedirectView,
    onSuccess: async (redirect) => {
      setError(undefined);
      setFrom('');
      setTo('');
      toast({ title: 'Redirect added', description: `${redirect.from} now leads to ${redirect.to}.` });
      await queryClient.invalidateQueries({ queryKey: [REDIRECTS_URL] });
      fromInput.current?.focus();
    },
    onError: (failure) => setError({ message: messageOf(failure, 'The redirect could not be added.'), field: fieldOf(failure) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  // A refusal that names no field (a wrong status) is about the form as a whole: both stay unmarked.
  const invalid = (field: 'from' | 'to') => (error?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <p className="kicker">Site</p>
      <h2 id={`${id}-title`}>Add a redirect</h2>
      <p className="fc-dash-meta">
        Send readers of an old address somewhere else: a page here, or another site. A path a live page answers cannot be redirected, and
        every redirect takes readers there in one hop.
      </p>
      <form className="fc-dash-form fc-redirect-form" onSubmit={submit} noValidate aria-busy={add.isPending}>
        <div className="fc-form">
          <label htmlFor={`${id}-from`}>Old path</label>
          <input
            ref={fromInput}
            id={`${id}-from`}
            type="text"
            required
            autoComplete="off"
            spellCheck={false}
            placeholder="/old-menu"
            value={from}
            disabled={add.isPending}
            {...invalid('from')}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="fc-form">
          <label htmlFor={`${id}-to`}>Leads to</label>
          <input
            id={`${id}-to`}
            type="text"
            required
            autoComplete="off"
            spellCheck={false}
            inputMode="url"
            placeholder="/lisbon/guide or https://…"
            value={to}
            disabled={add.isPending}
            {...invalid('to')}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
        <fieldset className="fc-redirect-kind">
          <legend>Kind</legend>
          {([301, 302] as const).map((code) => (
            <label key={code} className="fc-redirect-kind__option">
              <input
                type="radio"
                name={`${id}-status`}
                checked={status === code}
                disabled={add.isPending}
                onChange={() => setStatus(code)}
              />
              <span>
                <span>
                  {STATUS_LABEL[code]} <span className="fc-dash-hint">({code})</span>
                </span>
                <span className="fc-dash-hint">
                  {code === 301 ? 'Moved for good: browsers and search engines remember it.' : 'For now: asked again each time.'}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {error && (
          <p className="fc-dash-error" id={`${id}-error`} role="alert">
            {error.message}
          </p>
        )}
        <div className="fc-dash-form__actions">
          <button type="submit" className="button" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add redirect'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Every redirect, filterable, each with a delete button. */
function RedirectList() {
  const id = useId();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const redirects = useQuery({ queryKey: [REDIRECTS_URL], queryFn: adminQuery<RedirectView[]>(REDIRECTS_URL) });
  const remove = useMutation({
    mutationFn: (redirect: RedirectView) => apiRequest('DELETE', `${REDIRECTS_URL}/${redirect.id}`),
    onSuccess: async (_response, redirect) => {
      toast({ title: 'Redirect deleted', description: `${redirect.from} no longer leads anywhere.` });
      await queryClient.invalidateQueries({ queryKey: [REDIRECTS_URL] });
    },
    onError: (error) =>
      toast({ title: 'Error', description: messageOf(error, 'The redirect could not be deleted.'), variant: 'destructive' }),
  });
  const all = redirects.data ?? [];
  const needle = filter.trim().toLowerCase();
  const shown = needle === '' ? all : all.filter((redirect) => `${redirect.from} ${redirect.to}`.toLowerCase().includes(needle));
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <p className="kicker">Site</p>
      <h2 id={`${id}-title`}>Redirects</h2>
      {redirects.isSuccess && (
        <p className="fc-dash-meta">
          {plural(all.length, 'redirect')}, {all.filter((redirect) => redirect.source === 'automatic').length} kept automatically when a
          slug changed
        </p>
      )}
      <QueryProgress query={redirects} what="redirects" task="manage redirects" />
      {redirects.isSuccess && all.length === 0 && <p className="fc-dash-empty">No redirects yet</p>}
      {all.length > 0 && (
        <>
          <div className="fc-form fc-redirect-filter">
            <label htmlFor={`${id}-filter`}>Filter</label>
            <input
              id={`${id}-filter`}
              type="search"
              placeholder="Part of a path or address"
              value={filter}
              aria-describedby={`${id}-count`}
              onChange={(event) => setFilter(event.target.value)}
            />
            <p className="fc-dash-hint" id={`${id}-count`} aria-live="polite">
              {needle === '' ? '' : `${plural(shown.length, 'redirect')} shown`}
            </p>
          </div>
          <div className="fc-dash-table-wrap">
            <table className="fc-dash-table fc-redirect-table">
              <caption className="visually-hidden">The site's redirects, by old path</caption>
              <thead>
                <tr>
                  <th scope="col">Old path</th>
                  <th scope="col">Leads to</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Made</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((redirect) => (
                  <tr key={redirect.id}>
                    <th scope="row" className="fc-redirect-table__path fc-redirect-table__from">
                      <code>{redirect.from}</code>
                    </th>
                    <td className="fc-redirect-table__path fc-redirect-table__to">
                      {redirect.to.startsWith('/') ? <code>{redirect.to}</code> : <a href={redirect.to}>{redirect.to}</a>}
                    </td>
                    <td className="fc-redirect-table__kind">
                      <span className={`fc-redirect-status fc-redirect-status--${redirect.status}`}>
                        {STATUS_LABEL[redirect.status]} · {redirect.status}
                      </span>
                    </td>
                    <td className="fc-redirect-table__made">
                      <time dateTime={redirect.createdAt} title={dateTime(redirect.createdAt)}>
                        {timeAgo(redirect.createdAt)}
                      </time>
                      <span className="fc-dash-hint">{redirect.source === 'automatic' ? 'When a slug changed' : 'By an editor'}</span>
                    </td>
                    <td className="fc-dash-actions">
                      <button
                        type="button"
                        className="fc-dash-danger"
                        disabled={remove.isPending}
                        onClick={() => {
                          if (window.confirm(`Delete the redirect from ${redirect.from}? Readers of that address will find nothing there.`))
                            remove.mutate(redirect);
                        }}
                      >
                        Delete <span className="visually-hidden">the redirect from {redirect.from}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** Uploads a CSV list of redirects: all of it, or none with a problem per line. */
function ImportRedirects() {
  const id = useId();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [problems, setProblems] = useState<CsvProblem[]>([]);
  const [error, setError] = useState<string>();
  const upload = useMutation({
    mutationFn: async (csv: File) => {
      const form = new FormData();
      form.append('csvFile', csv);
      return (await (await apiRequest('POST', IMPORT_URL, form)).json()) as RedirectImportResult;
    },
    onSuccess: async ({ created }) => {
      setProblems([]);
      setError(undefined);
      setFile(undefined);
      if (fileInput.current) fileInput.current.value = '';
      toast({ title: 'Redirects imported', description: `${plural(created, 'redirect')} added.` });
      await queryClient.invalidateQueries({ queryKey: [REDIRECTS_URL] });
    },
    onError: (failure) => {
      setProblems(problemsOf(failure));
      setError(messageOf(failure, 'The list could not be imported.'));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose a CSV file first.');
      return;
    }
    upload.mutate(file);
  };
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <p className="kicker">Site</p>
      <h2 id={`${id}-title`}>Import a list</h2>
      <p className="fc-dash-meta" id={`${id}-format`}>
        A CSV file with one <code>from,to,status</code> on each line; a header line may come first, and an empty status means 301. The whole
        list is checked first: if any line has a problem, nothing is added.
      </p>
      <form className="fc-dash-form" onSubmit={submit} noValidate aria-busy={upload.isPending}>
        <div className="fc-form">
          <label htmlFor={`${id}-file`}>CSV file</label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            disabled={upload.isPending}
            aria-describedby={`${id}-format`}
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              setProblems([]);
              setError(undefined);
            }}
          />
        </div>
        {error && (
          <div className="fc-dash-problems" role="alert">
            <h3 id={`${id}-problems`}>{error}</h3>
            {problems.length > 0 && (
              <ul aria-labelledby={`${id}-problems`}>
                {problems.map((problem) => (
                  <li key={`${problem.row}-${problem.column}`}>{describeProblem(problem)}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="fc-dash-form__actions">
          <button type="submit" className="button button--ghost" disabled={upload.isPending}>
            {upload.isPending ? 'Importing…' : 'Import redirects'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** /admin/redirects: the site's redirects, one by one or as a CSV list. */
export function DashboardRedirects() {
  return (
    <>
      <RedirectList />
      <AddRedirect />
      <ImportRedirects />
    </>
  );
}
