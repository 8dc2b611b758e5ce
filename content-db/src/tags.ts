/**
 * The names of what a page can depend on. A page records the tags of everything it reads; a write
 * records the tags of everything it changes; the publisher re-renders pages whose tags intersect.
 * Entity tags name one row; list tags name "which rows exist, and in what order".
 */
export const TAG = {
  /** Anything of one post: its own page shows every field. */
  post: (id: number) => `post:${id}`,
  /** What a card, a feed item or a link shows of one post: every field but its body. */
  postCard: (id: number) => `post-card:${id}`,
  city: (id: number) => `city:${id}`,
  /** What a link to one city's pages shows: its name and slug. */
  cityLink: (id: number) => `city-link:${id}`,
  /**
   * The set, order and names of posts: any post added, removed, published, unpublished, re-dated,
   * re-typed, moved, re-slugged, re-tagged or retitled.
   */
  posts: 'posts',
  /** The same for one city's posts... */
  cityPosts: (cityId: number) => `posts:city:${cityId}`,
  /** ...and for the posts of one tag (by the tag's slug)... */
  tagPosts: (tagSlug: string) => `posts:tag:${tagSlug}`,
  /** ...and for the posts with ids in one sitemap file's range (urls.ts `sitemapRange`). */
  postRange: (range: number) => `posts:range:${range}`,
  /** The set and order of cities. */
  cities: 'cities',
  /** A city's itinerary rows. */
  restaurants: (cityId: number) => `restaurants:${cityId}`,
  /** A post's stored blocks and inline items. */
  body: (postId: number) => `body:${postId}`,
  setting: (key: string) => `setting:${key}`,
  /** The stored redirects from paths that posts and cities left behind. */
  redirects: 'redirects',
  /** What pages show of one user as an author: name, slug, bio, avatar. */
  author: (userId: number) => `author:${userId}`,
  /** The set of users and their slugs (which author pages exist). */
  authors: 'authors',
  /** The set and order of one author's posts, as `posts` is of every post's. */
  authorPosts: (userId: number) => `posts:author:${userId}`,
  /** Everything of one editor's page (site_pages, not the publisher's rendered pages). */
  sitePage: (id: number) => `site-page:${id}`,
  /** The set of published site pages: their slugs, titles and footer flags (which /{slug} routes exist, the footer, the sitemap). */
  sitePages: 'site-pages',
  /** The published pages the footer links (read by every page with a footer). */
  footerSitePages: 'site-pages:footer',
  /** How one upload is cropped (its focal point), by the master's path. */
  media: (path: string) => `media:${path}`,
} as const;
