import { describe, expect, it } from 'vitest';
import { browserFamily, countable, DailySalt, deviceClass, visitorHash } from './visitor.ts';

describe('DailySalt', () => {
  it('keeps one salt through a day and draws a new one, wiping the old, when the day turns', () => {
    let now = new Date('2026-11-01T23:59:00Z');
    const salt = new DailySalt(() => now);
    const first = salt.current();
    const kept = Buffer.from(first.salt);
    expect(salt.current().salt).toBe(first.salt);
    const hash = visitorHash(first.salt, '203.0.113.7', 'UA', 'forkcast.test');
    now = new Date('2026-11-02T00:00:01Z');
    const second = salt.current();
    expect(second.day).toBe('2026-11-02');
    expect(second.salt.equals(kept)).toBe(false);
    expect(first.salt.every((byte) => byte === 0)).toBe(true);
    expect(visitorHash(second.salt, '203.0.113.7', 'UA', 'forkcast.test')).not.toBe(hash);
  });
});

describe('countable', () => {
  it('drops bots and readers who ask not to be tracked', () => {
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(countable({ userAgent: ua })).toBe(true);
    expect(countable({ userAgent: ua, gpc: '1' })).toBe(false);
    expect(countable({ userAgent: ua, dnt: '1' })).toBe(false);
    expect(countable({ userAgent: ua, dnt: '0' })).toBe(true);
    expect(countable({ userAgent: 'curl/8.5.0' })).toBe(false);
    expect(countable({ userAgent: '' })).toBe(false);
  });

  it('names device class and browser family only', () => {
    expect(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(browserFamily('Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge');
    expect(browserFamily('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox');
  });
});
