import {
  addInsightHits,
  addInsightSearches,
  insightHitDays,
  rollUpInsightDay,
  type CountedSearch,
  type Db,
  type NewInsightHit,
} from '@forkcast/content-db';
import { browserFamily, type DailySalt, deviceClass, visitorHash } from './visitor.ts';

export interface PageView {
  path: string;
  referrer: string;
  address: string;
  userAgent: string;
  site: string;
}

export interface Search {
  query: string;
  results: number;
  address: string;
  userAgent: string;
  site: string;
}

const MAX_BATCH = 1000;
const FLUSH_MS = 1000;
/** A search typed on within this long by the same reader is the same search, still being typed. */
export const SEARCH_SETTLE_MS = 10_000;
const QUERY_LENGTH = 100;

/** A search's words as counted: lower case, blanks folded, bounded. */
function foldQuery(query: string): string {
  return query.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, QUERY_LENGTH);
}

/** The host of a referrer URL, or '' for none, a bad one, or our own site. */
function referrerHost(referrer: string, site: string): string {
  if (!URL.canParse(referrer)) return '';
  const host = new URL(referrer).hostname.replace(/^www\./, '');
  return host === site ? '' : host.slice(0, 100);
}

/** A path of ours only (no query or fragment, bounded), or undefined when it is not one. */
function pagePath(value: string): { path: string; utmSource: string } | undefined {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/admin') || !URL.canParse(value, 'http://x')) return undefined;
  const url = new URL(value, 'http://x');
  return { path: url.pathname.slice(0, 300), utmSource: (url.searchParams.get('utm_source') ?? '').slice(0, 60).toLowerCase() };
}

/**
 * Buffers counted views in memory and writes them in one batch a second (or at MAX_BATCH), so a
 * beacon costs no database write of its own and the answer never waits on one.
 */
export class InsightCollector {
  private pending: NewInsightHit[] = [];
  /** Each reader's newest search, until they stop typing; then it is counted. */
  private typing = new Map<string, CountedSearch & { at: number }>();
  private settled: CountedSearch[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /**
   * The days this collector wrote views of since it last caught up; undefined before its first
   * catch-up, when any day may hold views a roll-up has not seen (an earlier process's).
   */
  private unrolled: Set<string> | undefined;

  private readonly db: Db;
  private readonly salt: DailySalt;
  private readonly now: () => Date;

  constructor(db: Db, salt: DailySalt, now: () => Date = () => new Date()) {
    this.db = db;
    this.salt = salt;
    this.now = now;
  }

  record(view: PageView): boolean {
    const page = pagePath(view.path);
    if (!page) return false;
    const { day, salt } = this.salt.current();
    this.pending.push({
      at: this.now().toISOString(),
      day,
      path: page.path,
      referrerHost: referrerHost(view.referrer, view.site),
      device: deviceClass(view.userAgent),
      browser: browserFamily(view.userAgent),
      utmSource: page.utmSource,
      visitor: visitorHash(salt, view.address, view.userAgent, view.site),
    });
    if (this.pending.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
    return true;
  }

  /**
   * Counts a search with how many results it found. The "/" dialog searches as the reader types,
   * so a search that grows or shrinks the same reader's last one within SEARCH_SETTLE_MS replaces
   * it: 'ra', 'ram', 'ramen' count once, as 'ramen'.
   */
  recordSearch(search: Search): void {
    const query = foldQuery(search.query);
    if (query === '') return;
    const { day, salt } = this.salt.current();
    const visitor = visitorHash(salt, search.address, search.userAgent, search.site);
    const at = this.now().getTime();
    const last = this.typing.get(visitor);
    if (last && (at - last.at >= SEARCH_SETTLE_MS || !(query.startsWith(last.query) || last.query.startsWith(query))))
      this.settled.push(last);
    this.typing.set(visitor, { day, query, results: search.results, at });
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what is buffered (searches still being typed only with `all`); resolves when every earlier batch is stored. */
  flush({ all = false }: { all?: boolean } = {}): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    const now = this.now().getTime();
    for (const [visitor, search] of this.typing)
      if (all || now - search.at >= SEARCH_SETTLE_MS) {
        this.settled.push(search);
        this.typing.delete(visitor);
      }
    const searches = this.settled.map(({ day, query, results }) => ({ day, query, results }));
    this.settled = [];
    if (this.typing.size > 0) this.timer = setTimeout(() => void this.flush(), FLUSH_MS).unref();
    // A lost batch costs a few counts, never a page: a failed write is dropped.
    this.writing = this.writing
      .then(async () => {
        if (batch.length) {
          await addInsightHits(this.db, batch);
          for (const hit of batch) this.unrolled?.add(hit.day);
        }
        if (searches.length) await addInsightSearches(this.db, searches);
      })
      .catch(() => undefined);
    return this.writing;
  }

  /**
   * Writes what is buffered and folds into the daily totals the days that took views since the
   * last catch-up (every day the first time), so a report is current to the second without
   * re-counting two days of raw views on every ask. A day is marked once its views are stored, and
   * the marks are taken before the roll-up, so a view stored meanwhile is folded in next time.
   */
  async catchUp(): Promise<void> {
    await this.flush({ all: true });
    const days = this.unrolled ?? new Set(await insightHitDays(this.db));
    this.unrolled = new Set();
    try {
      for (const day of [...days].sort()) await this.db.transaction().execute((trx) => rollUpInsightDay(trx, day));
    } catch (error) {
      for (const day of days) this.unrolled.add(day);
      throw error;
    }
  }
}
