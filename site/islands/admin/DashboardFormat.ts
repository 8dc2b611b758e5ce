const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/**
 * 'just now', '5 minutes ago', 'yesterday': how long ago a publish ran. Finer than the site's
 * day-based relative dates, because publishes happen seconds apart.
 */
export function timeAgo(iso: string, now: Date = new Date()): string {
  let amount = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 10) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(amount) < size) return RELATIVE.format(Math.round(amount), unit);
    amount /= size;
  }
  return RELATIVE.format(Math.round(amount), 'year');
}

/** 'November 18, 2026 at 9:05 AM' in the reader's time zone, for tooltips and screen readers. */
export function dateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** '850 ms', '1.4 s', '2 min 5 s'. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace(/\.0$/, '')} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

/** '1 page', '3 pages'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
