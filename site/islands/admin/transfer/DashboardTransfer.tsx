import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { GhostImportReport, ImportReport } from '@forkcast/shared/contracts';
import { apiRequest, messageOf } from '../../shared/api';
import { plural } from '../DashboardFormat';

const EXPORT_URL = '/api/export';
const IMPORT_URL = '/api/import';
const GHOST_URL = '/api/import/ghost';

/** A file that is not JSON: said so before anything is sent. */
class NotJson extends Error {}

/** Reads the chosen file as JSON. */
async function readDocument(file: File): Promise<unknown> {
  try {
    return JSON.parse(await file.text()) as unknown;
  } catch {
    throw new NotJson(`${file.name} is not a JSON file. Choose the file an export downloaded.`);
  }
}

/** The lines of a Ghost report's `notCarried`, each something the import left behind. */
function leftBehind(report: GhostImportReport): string[] {
  const { notCarried: left } = report;
  return [
    ...left.cards.map((entry) => `In “${entry.post}”: ${entry.cards.join(', ')} (cards with no place here)`),
    ...left.images.map((entry) => `In “${entry.post}”: ${entry.reason}`),
    left.pages.length > 0 ? `Pages: ${left.pages.join(', ')}` : '',
    left.internalTags.length > 0 ? `Internal tags: ${left.internalTags.join(', ')}` : '',
    left.members > 0 ? plural(left.members, 'member') : '',
    left.tiers > 0 ? plural(left.tiers, 'tier') : '',
    left.newsletters > 0 ? plural(left.newsletters, 'newsletter') : '',
    left.offers > 0 ? plural(left.offers, 'offer') : '',
    left.snippets > 0 ? plural(left.snippets, 'snippet') : '',
  ].filter((line) => line !== '');
}

/** Taking a Ghost export in, after a check that changes nothing if the editor asks for one. */
function GhostImport() {
  const id = useId();
  const [file, setFile] = useState<File>();
  const [ghostUrl, setGhostUrl] = useState('');
  const [dryRun, setDryRun] = useState(true);
  const [error, setError] = useState<string>();
  const result = useRef<HTMLDivElement>(null);
  const load = useMutation({
    mutationFn: async ({ chosen, check }: { chosen: File; check: boolean }) => {
      const query = new URLSearchParams({ ...(check ? { dryRun: '1' } : {}), ...(ghostUrl.trim() ? { ghostUrl: ghostUrl.trim() } : {}) });
      const response = await apiRequest('POST', `${GHOST_URL}${query.size > 0 ? `?${query}` : ''}`, await readDocument(chosen));
      return (await response.json()) as GhostImportReport;
    },
    onSuccess: () => setError(undefined),
    onError: (failure) => setError(failure instanceof NotJson ? failure.message : messageOf(failure, 'The import failed.')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose a Ghost export file first.');
      return;
    }
    load.mutate({ chosen: file, check: dryRun });
  };
  const report = load.data;
  const left = report ? leftBehind(report) : [];
  // The report replaces the form's focus: a screen reader reads it, a keyboard goes on from it.
  useEffect(() => {
    if (report) result.current?.focus();
  }, [report]);
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <p className="kicker">Moving in</p>
      <h2 id={`${id}-title`}>Import from Ghost</h2>
      <p className="fc-dash-meta">
        The JSON file from Ghost’s Settings › Advanced › Import/Export. Posts keep their status, dates, tags and authors, and Ghost’s old
        addresses lead to the new pages. Importing the same file again adds nothing.
      </p>
      <form className="fc-dash-form" onSubmit={submit} noValidate aria-busy={load.isPending}>
        <div className="fc-form">
          <label htmlFor={`${id}-file`}>Ghost export file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".json,application/json"
            disabled={load.isPending}
            onChange={(event) => setFile(event.target.files?.[0])}
          />
          <label htmlFor={`${id}-url`}>
            Ghost site address <span className="fc-dash-optional">optional</span>
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://blog.example.com"
            value={ghostUrl}
            disabled={load.isPending}
            aria-describedby={`${id}-url-hint`}
            onChange={(event) => setGhostUrl(event.target.value)}
          />
          <p className="fc-dash-hint" id={`${id}-url-hint`}>
            Images uploaded to Ghost stay there; give its address so they keep showing.
          </p>
        </div>
        <label className="fc-dash-filter">
          <input type="checkbox" checked={dryRun} disabled={load.isPending} onChange={(event) => setDryRun(event.target.checked)} />
          Check first: report what would happen, change nothing
        </label>
        {error && (
          <p className="fc-dash-error" role="alert">
            {error}
          </p>
        )}
        {report && (
          <div className="fc-dash-notice" ref={result} tabIndex={-1} role="status">
            <p>
              {report.dryRun ? 'Would import' : 'Imported'} {plural(report.posts.created.length, 'post')}
              {report.posts.skipped.length > 0 && `, skipping ${report.posts.skipped.length} already here or unreadable`};{' '}
              {plural(report.users.created.length, 'author')} {report.dryRun ? 'to add' : 'added'},{' '}
              {plural(report.redirects.length, 'old address', 'old addresses')} redirected.
            </p>
            {left.length > 0 && (
              <>
                <p>Not carried over:</p>
                <ul>
                  {left.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        <div className="fc-dash-form__actions">
          <button type="submit" className="button" disabled={load.isPending}>
            {load.isPending ? 'Working…' : dryRun ? 'Check import' : 'Import from Ghost'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Downloading all content as JSON, and taking such a file into this (empty) site. */
export function DashboardTransfer() {
  const id = useId();
  const [withSubscribers, setWithSubscribers] = useState(false);
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const result = useRef<HTMLParagraphElement>(null);
  const load = useMutation({
    mutationFn: async (chosen: File) => {
      const response = await apiRequest('POST', IMPORT_URL, await readDocument(chosen));
      return (await response.json()) as ImportReport;
    },
    onSuccess: () => setError(undefined),
    onError: (failure) => setError(failure instanceof NotJson ? failure.message : messageOf(failure, 'The import failed.')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose an export file first.');
      return;
    }
    load.mutate(file);
  };
  const report = load.data;
  useEffect(() => {
    if (report) result.current?.focus();
  }, [report]);
  return (
    <>
      <section className="fc-dash-card" aria-labelledby={`${id}-export`}>
        <p className="kicker">Your content</p>
        <h2 id={`${id}-export`}>Export</h2>
        <p className="fc-dash-meta">
          Every post and guide with its body and authors, every city with its itinerary, the people who write and the homepage hero, as one
          JSON file. Uploaded images are not in it: copy the uploads folder with it.
        </p>
        <label className="fc-dash-filter">
          <input type="checkbox" checked={withSubscribers} onChange={(event) => setWithSubscribers(event.target.checked)} />
          Include newsletter subscribers (their email addresses)
        </label>
        <p>
          <a className="button" href={withSubscribers ? `${EXPORT_URL}?subscribers=1` : EXPORT_URL} download>
            Download export
          </a>
        </p>
      </section>
      <section className="fc-dash-card" aria-labelledby={`${id}-import`}>
        <p className="kicker">Your content</p>
        <h2 id={`${id}-import`}>Import</h2>
        <p className="fc-dash-meta">
          Takes an export into this site, which must have no posts and no cities yet. People are matched by email; anyone new joins without
          a password and sets one with “Forgot password”.
        </p>
        <form className="fc-dash-form" onSubmit={submit} noValidate aria-busy={load.isPending}>
          <div className="fc-form">
            <label htmlFor={`${id}-file`}>Export file</label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".json,application/json"
              disabled={load.isPending}
              aria-describedby={error ? `${id}-error` : undefined}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setFile(event.target.files?.[0])}
            />
          </div>
          {error && (
            <p className="fc-dash-error" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
          {report && (
            <p className="fc-dash-notice" ref={result} tabIndex={-1} role="status">
              Imported {plural(report.posts, 'post')} and {plural(report.cities, 'city', 'cities')};{' '}
              {plural(report.users.created, 'person', 'people')} added and {plural(report.users.matched, 'person', 'people')} matched
              {report.subscribers.created + report.subscribers.skipped > 0 &&
                `; ${plural(report.subscribers.created, 'subscriber')} added, ${report.subscribers.skipped} already on the list`}
              . The site is published.
            </p>
          )}
          <div className="fc-dash-form__actions">
            <button type="submit" className="button" disabled={load.isPending}>
              {load.isPending ? 'Importing…' : 'Import'}
            </button>
          </div>
        </form>
      </section>
      <GhostImport />
    </>
  );
}
