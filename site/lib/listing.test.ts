import { describe, expect, it } from 'vitest';
import {
  LATEST_FETCHED,
  LATEST_FILTERS,
  LATEST_SHOWN,
  latestByFilter,
  listingHeading,
  parsePostsPath,
  postsPagePath,
  POST_FILTERS,
} from './listing.ts';

describe('posts listing paths', () => {
  it('names the SPEC tabs', () => {
    expect(Object.values(POST_FILTERS).map((f) => f.label)).toEqual(['All Posts', 'City Guides', 'Dining Posts']);
  });

  it('builds page paths, page 0 being the bare listing and archive pages counted from the oldest', () => {
    expect(postsPagePath('all', 0)).toBe('/posts');
    expect(postsPagePath('all', 1)).toBe('/posts/page/1');
    expect(postsPagePath('guides', 0)).toBe('/posts/guides');
    expect(postsPagePath('dining', 3)).toBe('/posts/dining/page/3');
  });

  it.each([
    [undefined, { filter: 'all', page: 0 }],
    ['', { filter: 'all', page: 0 }],
    ['page/1', { filter: 'all', page: 1 }],
    ['guides', { filter: 'guides', page: 0 }],
    ['dining/page/12', { filter: 'dining', page: 12 }],
  ])('parses %s', (rest, expected) => {
    expect(parsePostsPath(rest)).toEqual(expected);
  });

  it.each([['page/0'], ['page/02'], ['page/x'], ['guides/dining'], ['other'], ['page'], ['guides/page/2/extra']])('refuses %s', (rest) => {
    expect(parsePostsPath(rest)).toBeUndefined();
  });
});

describe('posts listing headings', () => {
  it('gives every tab and every page of it its own heading, none of them the /city-guides name', () => {
    const headings = (['all', 'guides', 'dining'] as const).flatMap((filter) => [0, 1, 2].map((page) => listingHeading(filter, page)));
    expect(headings.slice(0, 4)).toEqual(['All Posts', 'All Posts, Page 1', 'All Posts, Page 2', 'City Guide Posts']);
    expect(listingHeading('dining', 2)).toBe('Dining Posts, Page 2');
    expect(new Set(headings).size).toBe(headings.length);
    expect(headings).not.toContain('City Guides');
  });
});

describe("home's latest posts", () => {
  const post = (id: number, type: 'guide' | 'post') => ({ id, type });

  it('fetches 6 and shows at most 12 under the filters All Posts, City Guides and Dining', () => {
    expect([LATEST_FETCHED, LATEST_SHOWN]).toEqual([6, 12]);
    expect(LATEST_FILTERS.map((filter) => filter.label)).toEqual(['All Posts', 'City Guides', 'Dining']);
  });

  it('filters the fetched posts by type, keeping their order', () => {
    const posts = [post(9, 'post'), post(8, 'guide'), post(7, 'post'), post(6, 'post'), post(5, 'guide'), post(4, 'post')];
    const latest = latestByFilter(posts);
    expect(latest.all.map((p) => p.id)).toEqual([9, 8, 7, 6, 5, 4]);
    expect(latest.guides.map((p) => p.id)).toEqual([8, 5]);
    expect(latest.dining.map((p) => p.id)).toEqual([9, 7, 6, 4]);
  });

  it('leaves a filter empty when none of the posts has its type', () => {
    const latest = latestByFilter([post(2, 'post'), post(1, 'post')]);
    expect(latest.guides).toEqual([]);
    expect(latest.dining.length).toBe(2);
  });

  it('caps every filter at 12', () => {
    const latest = latestByFilter(Array.from({ length: 20 }, (_, i) => post(i, 'guide')));
    expect([latest.all.length, latest.guides.length, latest.dining.length]).toEqual([12, 12, 0]);
  });
});
