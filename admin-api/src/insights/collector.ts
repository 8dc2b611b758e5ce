import { addInsightHits, type Db, type NewInsightHit } from '@forkcast/content-db';
import { browserFamily, type DailySalt, deviceClass, visitorHash } from './visitor.ts';

export interface PageView {
  path: string;
  referrer: string;
  address: string;
  userAgent: string;
  site: string;
}

const MAX_BATCH = 1000;
const FLUSH_MS = 1000;

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
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

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

  /** Writes what is buffered; resolves when every earlier batch is stored. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    // A lost batch costs a few page views, never a page: a failed write is dropped.
    this.writing = this.writing.then(() => (batch.length ? addInsightHits(this.db, batch) : undefined)).catch(() => undefined);
    return this.writing;
  }
}
