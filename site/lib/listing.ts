/** Listings split into pages once they pass this many items (issue #3). */
export const POSTS_PER_PAGE = 48;

export type PostFilterKey = 'all' | 'guides' | 'dining';

/** The /posts tabs (SPEC §2) and the post type each shows. */
export const POST_FILTERS: Record<PostFilterKey, { label: string; base: string; type?: 'guide' | 'post' }> = {
  all: { label: 'All Posts', base: '/posts' },
  guides: { label: 'City Guides', base: '/posts/guides', type: 'guide' },
  dining: { label: 'Dining Posts', base: '/posts/dining', type: 'post' },
};

export const POST_FILTER_KEYS = Object.keys(POST_FILTERS) as PostFilterKey[];

export function pageCount(total: number, perPage: number = POSTS_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** /posts, /posts/page/2, /posts/guides, /posts/guides/page/2, ... */
export function postsPagePath(filter: PostFilterKey, page: number): string {
  const base = POST_FILTERS[filter].base;
  return page <= 1 ? base : `${base}/page/${page}`;
}

/**
 * Reads the part of a /posts URL after '/posts/' (undefined or '' for /posts itself). Returns
 * undefined for anything that is not a listing page, including '/posts/page/1' (which is /posts).
 */
export function parsePostsPath(rest: string | undefined): { filter: PostFilterKey; page: number } | undefined {
  const parts = (rest ?? '').split('/').filter(Boolean);
  let filter: PostFilterKey = 'all';
  if (parts[0] === 'guides' || parts[0] === 'dining') filter = parts.shift() as PostFilterKey;
  if (parts.length === 0) return { filter, page: 1 };
  if (parts.length === 2 && parts[0] === 'page' && /^[1-9]\d*$/.test(parts[1]!) && parts[1] !== '1') {
    return { filter, page: Number(parts[1]) };
  }
  return undefined;
}
