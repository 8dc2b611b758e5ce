/**
 * The names of what a page can depend on. A page records the tags of everything it reads; a write
 * records the tags of everything it changes; the publisher re-renders pages whose tags intersect.
 * Entity tags name one row; list tags name "which rows exist, and in what order".
 */
export const TAG = {
  post: (id: number) => `post:${id}`,
  city: (id: number) => `city:${id}`,
  /** The set and order of posts (any post added, removed, published, unpublished or re-dated). */
  posts: 'posts',
  /** The set and order of one city's posts. */
  cityPosts: (cityId: number) => `posts:city:${cityId}`,
  /** The set and order of cities. */
  cities: 'cities',
  /** A city's itinerary rows. */
  restaurants: (cityId: number) => `restaurants:${cityId}`,
  /** A post's stored blocks and inline items. */
  body: (postId: number) => `body:${postId}`,
  setting: (key: string) => `setting:${key}`,
  /** The stored redirects from paths that posts and cities left behind. */
  redirects: 'redirects',
} as const;
