/**
 * Stable pagination for every list of posts that grows at the top (/posts and its tabs, tag pages).
 * Archive pages are numbered from the oldest post and hold ARCHIVE_PAGE_SIZE places each, so a new
 * post never moves a post from one archive page to another: it changes the listing's first page
 * (the newest posts) and, once those fill a page, adds one archive page. Numbering from the newest
 * would move every post down one place and change every page of the archive. A place is a dated
 * post (content-db's listSlotIds): an unpublished post keeps its place, empty, so unpublishing
 * changes the one page that listed it rather than every newer one.
 */

/** Posts on each archive page. */
const ARCHIVE_PAGE_SIZE = 48;

export interface ArchiveLayout {
  /** Places: published posts and the drafts that keep their places. */
  total: number;
  /** Full pages of the oldest posts, numbered 1 (the oldest) to archivePages. */
  archivePages: number;
  /** The newest posts, on the first page: every post newer than the archive (one to two pages' worth). */
  firstPageSize: number;
}

export function archiveLayout(total: number, perPage: number = ARCHIVE_PAGE_SIZE): ArchiveLayout {
  const archivePages = Math.max(0, Math.floor(total / perPage) - 1);
  return { total, archivePages, firstPageSize: total - archivePages * perPage };
}

/** The path of a listing page: 0 is the first page (the listing's own path), n >= 1 archive page n. */
export function listingPagePath(base: string, page: number): string {
  return page === 0 ? base : `${base}/page/${page}`;
}

/** The page a path's segments after the listing's own path name: [] is the first page, ['page', 'n'] archive page n. */
export function parseListingPage(segments: readonly string[]): number | undefined {
  if (segments.length === 0) return 0;
  if (segments.length === 2 && segments[0] === 'page' && /^[1-9]\d*$/.test(segments[1]!)) return Number(segments[1]);
  return undefined;
}

/** Every page of a listing of `total` places. */
export function listingPaths(base: string, total: number): string[] {
  const { archivePages } = archiveLayout(total);
  return [base, ...Array.from({ length: archivePages }, (_, i) => listingPagePath(base, i + 1))];
}

/** The posts the first page lists: the newest, as many as the archive leaves. */
export function firstPageWindow(layout: ArchiveLayout): { order: 'newest'; limit: number; slots: true } {
  return { order: 'newest', limit: layout.firstPageSize, slots: true };
}

/** The posts archive page n lists: a window counted from the oldest. */
export function archivePageWindow(page: number): { order: 'oldest'; offset: number; limit: number; slots: true } {
  return { order: 'oldest', offset: (page - 1) * ARCHIVE_PAGE_SIZE, limit: ARCHIVE_PAGE_SIZE, slots: true };
}

/**
 * The counts of places between which archive page n is the newest one: below `from` posts it does not exist,
 * from `to` on a newer archive page follows it. An archive page reads only where the count stands
 * against these, so it does not change with each new post.
 */
export function archivePageBounds(page: number): { from: number; to: number } {
  return { from: (page + 1) * ARCHIVE_PAGE_SIZE, to: (page + 2) * ARCHIVE_PAGE_SIZE };
}

/** Links from the first page to the newest archive page, if there is one. */
export function firstPageNav(base: string, layout: ArchiveLayout): { older?: string } {
  return layout.archivePages > 0 ? { older: listingPagePath(base, layout.archivePages) } : {};
}

/** Links from archive page n to the pages of newer and older posts. */
export function archivePageNav(base: string, page: number, newest: boolean): { newer: string; older?: string } {
  return {
    newer: newest ? base : listingPagePath(base, page + 1),
    ...(page > 1 ? { older: listingPagePath(base, page - 1) } : {}),
  };
}
