import * as Dialog from '@radix-ui/react-dialog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { create } from 'zustand';
import {
  countText,
  resultsText,
  SEARCH_LIMITS,
  SEARCH_PAGE,
  SEARCH_TYPE_LABELS,
  SEARCH_TYPES,
  type SearchAnswer,
  type SearchType,
  type TextRun,
} from '@forkcast/shared/contracts';
import { apiRequest } from '../shared/api';
import { useInertPage } from '../shared/inert-page';

/** How long typing must pause before results are asked for: a burst of keys (a paste, a fast typist) sends one request, and a reader never waits on it. */
const DEBOUNCE_MS = 30;

interface SearchDialogState {
  open: boolean;
  /** What opened the dialog; focus goes back to it on close. */
  opener: HTMLElement | null;
  setOpen: (open: boolean) => void;
  openFrom: (opener: HTMLElement | null) => void;
}

/** Whether the search dialog is open; the header's Search link and the '/' key open it. */
export const useSearchDialog = create<SearchDialogState>((set) => ({
  open: false,
  opener: null,
  setOpen: (open) => set({ open }),
  openFrom: (opener) => set({ open: true, opener }),
}));

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The /search page for the same search: where the whole list is, and where Enter goes without a pick. */
function searchPageUrl(query: string, type: SearchType | null, city: string | null): string {
  const params = new URLSearchParams({ q: query });
  if (type) params.set('type', type);
  if (city) params.set('city', city);
  return `${SEARCH_PAGE}?${params}`;
}

function Marked({ runs }: { runs: TextRun[] }) {
  return <>{runs.map((run, index) => (run.match ? <mark key={index}>{run.text}</mark> : <span key={index}>{run.text}</span>))}</>;
}

/** The search dialog: results as you type, filters by type and city, arrow keys and Enter. */
export function SearchDialog() {
  const { open, setOpen, opener } = useSearchDialog();
  useInertPage(open);
  const ids = useId();
  const [text, setText] = useState('');
  const [type, setType] = useState<SearchType | null>(null);
  const [city, setCity] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['/api/search', query, type, city],
    enabled: query !== '',
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ q: query, limit: String(SEARCH_LIMITS.defaultResults) });
      if (type) params.set('type', type);
      if (city) params.set('city', city);
      const response = await apiRequest('GET', `/api/search?${params}`);
      if (signal.aborted) throw signal.reason;
      return (await response.json()) as SearchAnswer;
    },
  });
  const answer = query === '' ? undefined : search.data;
  const hits = answer?.hits ?? [];
  // A new list starts at its first result.
  useEffect(() => setActive(0), [answer]);

  const optionId = (index: number) => `${ids}-option-${index}`;
  const go = (url: string) => {
    setOpen(false);
    window.location.assign(url);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (hits.length === 0) return;
      event.preventDefault();
      const next = (active + (event.key === 'ArrowDown' ? 1 : -1) + hits.length) % hits.length;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[active];
      if (hit) go(hit.url);
      else if (text.trim() !== '') go(searchPageUrl(text.trim(), type, city));
    }
  };

  const cities = answer?.facets.cities ?? [];
  const cityChoices = city && !cities.some((choice) => choice.slug === city) ? [...cities, { slug: city, name: city, count: 0 }] : cities;
  const status =
    query === ''
      ? 'Type to search guides, restaurants, dining posts and authors.'
      : !answer
        ? 'Searching…'
        : answer.total === 0
          ? `No results for “${answer.query}”.`
          : `${resultsText(answer)}${answer.correctedQuery ? ` for “${answer.correctedQuery}”` : ''}.`;

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fc-overlay" />
        <Dialog.Content
          className="fc-dialog fc-search"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // Opened by a plain link or a key rather than a Radix trigger, so Radix would leave focus on <body>.
            if (!opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
        >
          <Dialog.Title className="visually-hidden">Search</Dialog.Title>
          <div className="fc-search__field">
            <svg className="fc-search__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
              <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            <label htmlFor={`${ids}-input`} className="visually-hidden">
              Search city guides, restaurants, dining posts and authors
            </label>
            <input
              id={`${ids}-input`}
              className="fc-search__input"
              type="search"
              role="combobox"
              aria-expanded={hits.length > 0}
              aria-controls={`${ids}-results`}
              aria-autocomplete="list"
              aria-activedescendant={hits.length > 0 ? optionId(active) : undefined}
              autoComplete="off"
              enterKeyHint="search"
              spellCheck={false}
              maxLength={SEARCH_LIMITS.query}
              placeholder="Ramen, Ichijōji, pastel de nata…"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <Dialog.Close className="fc-search__close">
              Close<span className="visually-hidden"> search</span>
            </Dialog.Close>
          </div>

          <div className="fc-search__filters">
            <div className="fc-search__types" role="radiogroup" aria-label="Type">
              {([null, ...SEARCH_TYPES] as const).map((value) => (
                <label key={value ?? 'all'} className="fc-search__chip">
                  <input type="radio" name={`${ids}-type`} checked={type === value} onChange={() => setType(value)} />
                  <span>
                    {value ? SEARCH_TYPE_LABELS[value].plural : 'All'}
                    {answer && value && (answer.facetsExact || answer.facets.types[value] > 0) && (
                      <span className="fc-search__count"> {countText(answer.facets.types[value], answer.facetsExact)}</span>
                    )}
                  </span>
                </label>
              ))}
            </div>
            <label className="fc-search__city">
              <span className="visually-hidden">City</span>
              <select value={city ?? ''} onChange={(event) => setCity(event.target.value || null)}>
                <option value="">All cities</option>
                {cityChoices.map((choice) => (
                  <option key={choice.slug} value={choice.slug}>
                    {choice.name} ({countText(choice.count, answer?.facetsExact ?? true)})
                  </option>
                ))}
              </select>
            </label>
          </div>

          <p className="fc-search__status" role="status" aria-live="polite">
            {status}
          </p>
          <ul id={`${ids}-results`} className="fc-search__results" role="listbox" aria-label="Results">
            {hits.map((hit, index) => (
              <li
                key={`${hit.url}-${hit.title}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="fc-search__hit"
                onMouseMove={() => setActive(index)}
              >
                <a
                  href={hit.url}
                  tabIndex={-1}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    go(hit.url);
                  }}
                >
                  <span className="fc-search__meta">
                    <span className="fc-search__type">{SEARCH_TYPE_LABELS[hit.type].one}</span>
                    {hit.city && <span>{hit.city.name}</span>}
                  </span>
                  <span className="fc-search__title">
                    <Marked runs={hit.titleRuns} />
                  </span>
                  <span className="fc-search__snippet">
                    <Marked runs={hit.snippet} />
                  </span>
                </a>
              </li>
            ))}
          </ul>
          <div className="fc-search__footer">
            {query !== '' && answer && answer.total > 0 ? (
              <a href={searchPageUrl(query, type, city)}>See all {resultsText(answer)}</a>
            ) : (
              <span />
            )}
            <span className="fc-search__keys" aria-hidden="true">
              <kbd>↑</kbd>
              <kbd>↓</kbd> to move <kbd>Enter</kbd> to open <kbd>Esc</kbd> to close
            </span>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
