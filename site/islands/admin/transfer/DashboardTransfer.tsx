import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { apiRequest, messageOf } from '../../shared/api';
import { plural } from '../DashboardFormat';

const EXPORT_URL = '/api/export';
const IMPORT_URL = '/api/import';

interface ImportReport {
  users: { created: number; matched: number };
  cities: number;
  posts: number;
  subscribers: { created: number; skipped: number };
}

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
    onSuccess: () => {
      setError(undefined);
      requestAnimationFrame(() => result.current?.focus());
    },
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
    </>
  );
}
