import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { longDate, relativeDate } from './dates.ts';

describe('longDate', () => {
  it('formats the long US date in UTC', () => {
    expect(longDate('2026-11-18T08:00:00.000Z')).toBe('November 18, 2026');
    expect(longDate('2025-01-01T00:30:00.000Z')).toBe('January 1, 2025');
  });
});

describe('relativeDate', () => {
  // Pin the reader's zone so calendar-day arithmetic is reproducible wherever the tests run.
  const zone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterEach(() => {
    process.env.TZ = zone;
    vi.useRealTimers();
  });

  const now = new Date('2026-11-21T20:00:00.000Z'); // 12:00 in Los Angeles

  it.each([
    ['2026-11-21T17:00:00.000Z', 'Today'],
    ['2026-11-22T01:00:00.000Z', 'Today'], // later today, still Nov 21 locally
    ['2026-11-30T00:00:00.000Z', 'Today'], // in the future
    ['2026-11-21T07:30:00.000Z', 'Yesterday'], // Nov 20 23:30 locally, under 24 h ago
    ['2026-11-19T20:00:00.000Z', '2 days ago'],
    ['2026-11-15T20:00:00.000Z', '6 days ago'],
    ['2026-11-14T20:00:00.000Z', '1 week ago'],
    ['2026-11-08T20:00:00.000Z', '1 week ago'],
    ['2026-11-07T20:00:00.000Z', '2 weeks ago'],
    ['2026-10-23T20:00:00.000Z', '4 weeks ago'], // 29 days
    ['2026-10-22T20:00:00.000Z', 'October 22, 2026'], // 30 days
    ['2025-02-05T08:00:00.000Z', 'February 5, 2025'],
  ])('%s is %s', (iso, expected) => {
    expect(relativeDate(iso, now)).toBe(expected);
  });

  it('uses the current time by default', () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    expect(relativeDate('2026-11-20T20:00:00.000Z')).toBe('Yesterday');
  });
});
