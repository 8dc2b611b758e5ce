import { describe, expect, it } from 'vitest';
import { listingHeading, pageCount, parsePostsPath, postsPagePath, POST_FILTERS } from './listing.ts';

describe('posts listing paths', () => {
  it('names the SPEC tabs', () => {
    expect(Object.values(POST_FILTERS).map((f) => f.label)).toEqual(['All Posts', 'City Guides', 'Dining Posts']);
  });

  it('builds page paths, page 1 being the bare listing', () => {
    expect(postsPagePath('all', 1)).toBe('/posts');
    expect(postsPagePath('all', 2)).toBe('/posts/page/2');
    expect(postsPagePath('guides', 1)).toBe('/posts/guides');
    expect(postsPagePath('dining', 3)).toBe('/posts/dining/page/3');
  });

  it.each([
    [undefined, { filter: 'all', page: 1 }],
    ['', { filter: 'all', page: 1 }],
    ['page/2', { filter: 'all', page: 2 }],
    ['guides', { filter: 'guides', page: 1 }],
    ['dining/page/12', { filter: 'dining', page: 12 }],
  ])('parses %s', (rest, expected) => {
    expect(parsePostsPath(rest)).toEqual(expected);
  });

  it.each([['page/1'], ['page/0'], ['page/02'], ['page/x'], ['guides/dining'], ['other'], ['page'], ['guides/page/2/extra']])('refuses %s', (rest) => {
    expect(parsePostsPath(rest)).toBeUndefined();
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(48)).toBe(1);
    expect(pageCount(49)).toBe(2);
    expect(pageCount(97, 48)).toBe(3);
  });
});

describe('posts listing headings', () => {
  it('gives every tab and every page of it its own heading, none of them the /city-guides name', () => {
    const headings = (['all', 'guides', 'dining'] as const).flatMap((filter) => [1, 2, 3].map((page) => listingHeading(filter, page)));
    expect(headings.slice(0, 4)).toEqual(['All Posts', 'All Posts, Page 2', 'All Posts, Page 3', 'City Guide Posts']);
    expect(listingHeading('dining', 2)).toBe('Dining Posts, Page 2');
    expect(new Set(headings).size).toBe(headings.length);
    expect(headings).not.toContain('City Guides');
  });
});
