import { listingPagePath, parseListingPage } from './archive';

export type PostFilterKey = 'all' | 'guides' | 'dining';

/**
 * The /posts tabs: the label on the tab, and the heading that names the tab's own page. The headings
 * differ from the labels where a label alone would repeat another page's name ('City Guides' is
 * /city-guides).
 */
export const POST_FILTERS: Record<PostFilterKey, { label: string; heading: string; lede: string; base: string; type?: 'guide' | 'post' }> =
  {
    all: { label: 'All Posts', heading: 'All Posts', lede: 'City guides and dining stories, newest first.', base: '/posts' },
    guides: {
      label: 'City Guides',
      heading: 'City Guide Posts',
      lede: 'Every city guide we publish, newest first.',
      base: '/posts/guides',
      type: 'guide',
    },
    dining: {
      label: 'Dining Posts',
      heading: 'Dining Posts',
      lede: 'Restaurants, dishes and food rituals, newest first.',
      base: '/posts/dining',
      type: 'post',
    },
  };

export const POST_FILTER_KEYS = Object.keys(POST_FILTERS) as PostFilterKey[];

/** /posts, /posts/page/2, /posts/guides, /posts/guides/page/2, ...: page 0 is the tab's first page (see archive.ts). */
export function postsPagePath(filter: PostFilterKey, page: number): string {
  return listingPagePath(POST_FILTERS[filter].base, page);
}

/**
 * Reads the part of a /posts URL after '/posts/' (undefined or '' for /posts itself): the tab, and
 * its page (0 for the first, n for archive page n). Undefined for anything that is not a listing page.
 */
export function parsePostsPath(rest: string | undefined): { filter: PostFilterKey; page: number } | undefined {
  const parts = (rest ?? '').split('/').filter(Boolean);
  let filter: PostFilterKey = 'all';
  if (parts[0] === 'guides' || parts[0] === 'dining') filter = parts.shift() as PostFilterKey;
  const page = parseListingPage(parts);
  return page === undefined ? undefined : { filter, page };
}

/** The h1 and title of one listing page: the tab's heading, and the number of an archive page. */
export function listingHeading(filter: PostFilterKey, page: number): string {
  const heading = POST_FILTERS[filter].heading;
  return page === 0 ? heading : `${heading}, Page ${page}`;
}

/** Home's Latest Posts reads this many published posts, newest first. */
export const LATEST_FETCHED = 6;
/** ... and shows at most this many under any one filter. */
export const LATEST_SHOWN = 12;

export type LatestFilterKey = 'all' | 'guides' | 'dining';

/** The filter buttons over home's latest posts, and the post type each keeps. */
export const LATEST_FILTERS: readonly {
  key: LatestFilterKey;
  label: string;
  type?: 'guide' | 'post';
  /** The line shown when none of the latest posts passes the filter, and where to look instead. */
  empty: { text: string; href: string; link: string };
}[] = [
  {
    key: 'all',
    label: 'All Posts',
    empty: { text: 'Nothing is published yet: the first stories are on their way.', href: '/city-guides', link: 'Browse the city guides' },
  },
  {
    key: 'guides',
    label: 'City Guides',
    type: 'guide',
    empty: { text: 'No city guide is among the latest posts.', href: '/city-guides', link: 'Browse every city guide' },
  },
  {
    key: 'dining',
    label: 'Dining',
    type: 'post',
    empty: { text: 'No dining post is among the latest posts.', href: '/posts/dining', link: 'Read every dining post' },
  },
];

/**
 * Home's latest posts split by filter: each filter keeps the fetched posts of its type, in the
 * order they came (newest first), at most LATEST_SHOWN of them.
 */
export function latestByFilter<P extends { type: 'guide' | 'post' }>(posts: readonly P[]): Record<LatestFilterKey, P[]> {
  const pick = (type?: 'guide' | 'post') => posts.filter((post) => type === undefined || post.type === type).slice(0, LATEST_SHOWN);
  return Object.fromEntries(LATEST_FILTERS.map((filter) => [filter.key, pick(filter.type)])) as Record<LatestFilterKey, P[]>;
}
