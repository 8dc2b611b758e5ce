const DAY_MS = 24 * 60 * 60 * 1000;

const LONG_US = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

// Formatting costs several microseconds a call and a list page shows a date on each of its cards,
// so each UTC day's text is kept (a day is one key, however many posts share it). Cleared when full:
// a plain Map, not lru-cache as the server-only modules use, since this module also runs in readers'
// browsers (relative dates), and lru-cache would add 18 kB to the script they download.
const longDates = new Map<number, string>();
const MAX_LONG_DATES = 20_000;

/** 'November 18, 2026': the long US date, in UTC so a build renders the same text anywhere. */
export function longDate(iso: string): string {
  const date = new Date(iso);
  const day = Math.floor(date.getTime() / DAY_MS);
  // An invalid date has no day: formatting it throws, as it did before anything was kept.
  if (Number.isNaN(day)) return LONG_US.format(date);
  let text = longDates.get(day);
  if (text === undefined) {
    if (longDates.size >= MAX_LONG_DATES) longDates.clear();
    text = LONG_US.format(date);
    longDates.set(day, text);
  }
  return text;
}

/**
 * What an archive page of posts spans: 'Posts from March 3, 2025 to April 18, 2025.' for posts
 * newest first (one date when they share a day), by the date a reader sees on each.
 */
export function archiveDates(posts: readonly { publishedAt: string | null; createdAt: string }[]): string {
  const newest = posts[0];
  const oldest = posts[posts.length - 1];
  if (!newest || !oldest) return '';
  const [from, to] = [longDate(oldest.publishedAt ?? oldest.createdAt), longDate(newest.publishedAt ?? newest.createdAt)];
  return from === to ? `Posts from ${from}.` : `Posts from ${from} to ${to}.`;
}

const DATE_TIME_US = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** 'December 1, 2026 at 9:00 AM': a moment to the minute, in UTC. */
export function longDateTime(iso: string): string {
  return DATE_TIME_US.format(new Date(iso));
}

// Calendar days between two instants as the reader's clock sees them (local midnight to midnight),
// so a post from last night is 'Yesterday' this morning even if fewer than 24 hours have passed.
function calendarDaysBetween(then: Date, now: Date): number {
  const start = Date.UTC(then.getFullYear(), then.getMonth(), then.getDate());
  const end = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((end - start) / DAY_MS);
}

/**
 * The relative date a reader sees: 'Today', 'Yesterday', 'N days ago' under 7 days, 'N weeks ago'
 * under 30 days ('1 week ago' in the singular), otherwise the long US date. Days are counted in the
 * reader's time zone. A date still ahead of `now` (a scheduled post, a skewed clock) gets the long
 * date, since no relative phrase in the past tense would be true of it.
 */
export function relativeDate(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const days = calendarDaysBetween(then, now);
  if (then.getTime() > now.getTime() || days >= 30) {
    return then.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  }
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  const weeks = Math.floor(days / 7);
  return weeks === 1 ? '1 week ago' : `${weeks} weeks ago`;
}
