import { describe, expect, it } from 'vitest';
import { redirectsText } from '@forkcast/shared/urls';
import { siteRedirects } from './redirects.ts';

const cities = [
  { id: 1, slug: 'london', name: 'London' },
  { id: 2, slug: 'kyoto', name: 'Kyoto' },
];

describe('siteRedirects', () => {
  it("sends every other URL of a city's post or guide to its canonical path, and nothing for a post without a city", () => {
    const redirects = siteRedirects(cities, [
      { slug: 'london-sunday-roast-ranked', type: 'post', cityId: 1 },
      { slug: 'kyoto-food-guide', type: 'guide', cityId: 2 },
      { slug: 'eating-alone', type: 'post', cityId: null },
    ]);
    expect(redirectsText(redirects)).toBe(
      [
        '/kyoto/kyoto-food-guide /kyoto/guide 301',
        '/post/kyoto-food-guide /kyoto/guide 301',
        '/post/london-sunday-roast-ranked /london/london-sunday-roast-ranked 301',
        '',
      ].join('\n'),
    );
  });

  it('is empty for a site with no posts', () => {
    expect(redirectsText(siteRedirects(cities, []))).toBe('');
  });
});
