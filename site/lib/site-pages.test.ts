import { describe, expect, it } from 'vitest';
import { pageDescription } from './site-pages';

describe('pageDescription', () => {
  it('is the first paragraph as plain text, past any heading', () => {
    expect(pageDescription('## Hours\n\nCome **hungry**; see [the map](/map).\n\nMore.', 'Forkcast')).toBe('Come hungry; see the map.');
  });

  it('is cut at a word near 160 characters, and is the site name for an empty page', () => {
    const long = pageDescription(`${'noodle '.repeat(40)}end`, 'Forkcast');
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('noodle…')).toBe(true);
    expect(pageDescription('', 'Forkcast')).toBe('Forkcast');
  });
});
