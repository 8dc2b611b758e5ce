import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { archiveDates, longDate, relativeDate } from './dates.ts';

describe('longDate', () => {
  it('formats the long US date in UTC', () => {
    expect(longDate('2026-11-18T08:00:00.000Z')).toBe('November 18, 2026');
    expect(longDate('2025-01-01T00:30:00.000Z')).toBe('January 1, 2025');
  });

  it('gives each instant its own UTC day, however many instants of a day came before', () => {
    expect(longDate('2026-03-08T23:59:59.999Z')).toBe('March 8, 2026');
    expect(longDate('2026-03-09T00:00:00.000Z')).toBe('March 9, 2026');
    expect(longDate('2026-03-08T23:00:00.000-02:00')).toBe('March 9, 2026');
    expect(longDate('1969-12-31T12:00:00.000Z')).toBe('December 31, 1969');
    expect(longDate('2026-03-08T00:00:00.000Z')).toBe('March 8, 2026');
  });

  it('refuses a date that is not one, every time', () => {
    expect(() => longDate('not a date')).toThrow(RangeError);
    expect(() => longDate('not a date')).toThrow(RangeError);
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

  const noon = new Date('2026-11-21T20:00:00.000Z'); // Nov 21, 12:00 in Los Angeles
  const justAfterMidnight = new Date('2026-11-21T08:05:00.000Z'); // Nov 21, 00:05 in Los Angeles

  // The whole rule, boundary by boundary: days are calendar days on the reader's clock.
  it.each([
    ['0 days: earlier today', noon, '2026-11-21T17:00:00.000Z', 'Today'],
    ['0 days: the instant itself', noon, '2026-11-21T20:00:00.000Z', 'Today'],
    ['1 day: yesterday evening, under 24 h ago', noon, '2026-11-21T07:30:00.000Z', 'Yesterday'],
    ['1 day: a full day ago', noon, '2026-11-20T20:00:00.000Z', 'Yesterday'],
    ['2 days', noon, '2026-11-19T20:00:00.000Z', '2 days ago'],
    ['6 days', noon, '2026-11-15T20:00:00.000Z', '6 days ago'],
    ['7 days', noon, '2026-11-14T20:00:00.000Z', '1 week ago'],
    ['13 days', noon, '2026-11-08T20:00:00.000Z', '1 week ago'],
    ['14 days', noon, '2026-11-07T20:00:00.000Z', '2 weeks ago'],
    ['29 days', noon, '2026-10-23T20:00:00.000Z', '4 weeks ago'],
    ['30 days', noon, '2026-10-22T20:00:00.000Z', 'October 22, 2026'],
    ['a year and more', noon, '2025-03-14T20:00:00.000Z', 'March 14, 2025'],
    ['future: later today', noon, '2026-11-21T23:00:00.000Z', 'November 21, 2026'],
    ['future: next week', noon, '2026-11-30T20:00:00.000Z', 'November 30, 2026'],
    ['just after midnight: 10 minutes earlier, before midnight', justAfterMidnight, '2026-11-21T07:55:00.000Z', 'Yesterday'],
    ['just after midnight: 4 minutes earlier, after midnight', justAfterMidnight, '2026-11-21T08:01:00.000Z', 'Today'],
    [
      'just after midnight: 7 days back in local days, 6 days and 23 hours in UTC',
      justAfterMidnight,
      '2026-11-14T07:55:00.000Z',
      '1 week ago',
    ],
  ])('%s', (_case, now, iso, expected) => {
    expect(relativeDate(iso, now)).toBe(expected);
  });

  it('uses the current time by default', () => {
    vi.useFakeTimers();
    vi.setSystemTime(noon);
    expect(relativeDate('2026-11-20T20:00:00.000Z')).toBe('Yesterday');
  });
});

describe('archiveDates', () => {
  it('spans an archive page from its oldest post to its newest, by the date readers see', () => {
    const newest = { publishedAt: '2025-04-18T10:00:00.000Z', createdAt: '2025-04-01T00:00:00.000Z' };
    const oldest = { publishedAt: null, createdAt: '2025-03-03T08:00:00.000Z' };
    expect(archiveDates([newest, oldest])).toBe('Posts from March 3, 2025 to April 18, 2025.');
    expect(archiveDates([oldest])).toBe('Posts from March 3, 2025.');
    expect(archiveDates([])).toBe('');
  });
});
