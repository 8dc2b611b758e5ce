import { describe, expect, it } from 'vitest';
import {
  archiveLayout,
  archivePageBounds,
  archivePageNav,
  archivePageWindow,
  firstPageNav,
  firstPageWindow,
  listingPagePath,
  listingPaths,
  parseListingPage,
} from './archive.ts';

describe('stable archive pagination', () => {
  it('keeps every post on the first page until two pages are full, then files full pages from the oldest', () => {
    expect(archiveLayout(0)).toEqual({ total: 0, archivePages: 0, firstPageSize: 0 });
    expect(archiveLayout(95)).toEqual({ total: 95, archivePages: 0, firstPageSize: 95 });
    expect(archiveLayout(96)).toEqual({ total: 96, archivePages: 1, firstPageSize: 48 });
    expect(archiveLayout(143)).toEqual({ total: 143, archivePages: 1, firstPageSize: 95 });
    expect(archiveLayout(10_000)).toEqual({ total: 10_000, archivePages: 207, firstPageSize: 64 });
  });

  it('never moves an archived post when posts are added: only the first page changes, and a page is added', () => {
    const windows = (total: number) => Array.from({ length: archiveLayout(total).archivePages }, (_, i) => archivePageWindow(i + 1));
    for (let total = 0; total < 500; total++) {
      const now = windows(total);
      const next = windows(total + 1);
      expect(next.slice(0, now.length)).toEqual(now);
      expect(next.length - now.length).toBeLessThanOrEqual(1);
    }
  });

  it('lists the newest posts first, and each archive page as a window counted from the oldest', () => {
    expect(firstPageWindow(archiveLayout(200))).toEqual({ order: 'newest', limit: 56, slots: true });
    expect(archivePageWindow(1)).toEqual({ order: 'oldest', offset: 0, limit: 48, slots: true });
    expect(archivePageWindow(3)).toEqual({ order: 'oldest', offset: 96, limit: 48, slots: true });
  });

  it('bounds the counts between which an archive page exists and is the newest, as the layout has it', () => {
    for (let total = 0; total < 500; total++) {
      const { archivePages } = archiveLayout(total);
      for (let page = 1; page <= archivePages + 1; page++) {
        const { from, to } = archivePageBounds(page);
        expect(total >= from, `${total} posts, page ${page} exists`).toBe(page <= archivePages);
        expect(total >= from && total < to, `${total} posts, page ${page} is the newest`).toBe(page === archivePages);
      }
    }
  });

  it('links newer and older pages in reading order', () => {
    expect(firstPageNav('/posts', archiveLayout(200))).toEqual({ older: '/posts/page/3' });
    expect(firstPageNav('/posts', archiveLayout(20))).toEqual({});
    expect(archivePageNav('/posts', 3, true)).toEqual({ newer: '/posts', older: '/posts/page/2' });
    expect(archivePageNav('/posts', 2, false)).toEqual({ newer: '/posts/page/3', older: '/posts/page/1' });
    expect(archivePageNav('/posts', 1, false)).toEqual({ newer: '/posts/page/2' });
  });

  it('names and reads the pages’ paths', () => {
    expect(listingPagePath('/tags/wine', 0)).toBe('/tags/wine');
    expect(listingPagePath('/tags/wine', 2)).toBe('/tags/wine/page/2');
    expect(listingPaths('/posts/dining', 150)).toEqual(['/posts/dining', '/posts/dining/page/1', '/posts/dining/page/2']);
    expect(parseListingPage([])).toBe(0);
    expect(parseListingPage(['page', '1'])).toBe(1);
    for (const bad of [['page'], ['page', '0'], ['page', '01'], ['page', 'x'], ['other'], ['page', '2', 'x']])
      expect(parseListingPage(bad)).toBeUndefined();
  });
});
