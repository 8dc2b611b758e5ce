import { describe, expect, it } from 'vitest';
import { redirectsText } from '@forkcast/shared/urls';
import { mergeSorted, siteRedirects, sortedPostRedirectLines } from './redirects.ts';

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

describe('sortedPostRedirectLines', () => {
  it('gives the lines redirectsText sorts, render after render, as links come, go and change', () => {
    const lines = (posts: Parameters<typeof siteRedirects>[1], from = cities) =>
      redirectsText(siteRedirects(from, posts)).split('\n').filter(Boolean);
    const post = (slug: string, cityId: number | null, type: 'post' | 'guide' = 'post') => ({ slug, type, cityId });
    let posts = [post('london-roast', 1), post('kyoto-food-guide', 2, 'guide'), post('eating-alone', null), post('kyoto-ramen', 2)];
    expect(sortedPostRedirectLines(cities, posts)).toEqual(lines(posts));
    // A new post, a post re-slugged (a new link object), one unpublished, and the rest the same objects.
    posts = [post('a-new-one', 1), ...posts.slice(0, 2), post('kyoto-udon', 2)];
    expect(sortedPostRedirectLines(cities, posts)).toEqual(lines(posts));
    expect(sortedPostRedirectLines(cities, posts)).toEqual(lines(posts));
    // A city re-slugged changes every line of its posts.
    const moved = [{ id: 1, slug: 'london-city', name: 'London' }, cities[1]!];
    expect(sortedPostRedirectLines(moved, posts)).toEqual(lines(posts, moved));
    expect(sortedPostRedirectLines(cities, [])).toEqual([]);
  });

  it('merges two sorted lists into one', () => {
    expect(mergeSorted(['/a', '/c', '/e'], ['/b', '/c', '/f'])).toEqual(['/a', '/b', '/c', '/c', '/e', '/f']);
    expect(mergeSorted([], ['/b'])).toEqual(['/b']);
  });
});
