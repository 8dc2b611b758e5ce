/**
 * Sample answers for the document's examples, taken from the seeded content (content-db/seed) and
 * shortened where a body runs long. openapi-examples.test.ts holds each to its schema and sends
 * every example request to an app over that content.
 */

const SEEDED = '2025-03-10T09:00:00.000Z';
const EDITED = '2025-06-02T09:00:00.000Z';
/** When an example's write happens. */
export const NOW = '2026-01-15T10:30:00.000Z';

export const KYOTO = {
  id: 3,
  slug: 'kyoto',
  name: 'Kyoto',
  country: 'Japan',
  description: 'Kyoto cooks with a patience the rest of the world has largely forgotten...',
  heroImage: '/images/cities/kyoto.jpg',
  heroAlt: 'Illustrated Kyoto skyline at dusk with a five-story pagoda silhouetted against layered violet hills',
  mapEmbedUrl: null,
  itineraryUrl: '/itineraries/kyoto.csv',
  spreadsheetUrl: null,
  displayOrder: 2,
  createdAt: SEEDED,
  updatedAt: EDITED,
  // Seeded content has no recorded change yet.
  version: 0,
};

export const KYOTO_OVERVIEW = {
  ...KYOTO,
  url: '/kyoto/guide',
  postCount: 4,
  restaurantCount: 14,
  guide: { id: 3, title: 'Kyoto at the Table: A Forkcast Guide', status: 'published', publishAt: null },
};

/** A document that keeps every search and social default. */
const NO_SEO = { metaTitle: null, metaDescription: null, ogImage: null, canonicalUrl: null, noindex: false };

/** Kyoto's guide: post 3. */
export const KYOTO_GUIDE = {
  id: 3,
  slug: 'kyoto-food-guide',
  title: 'Kyoto at the Table: A Forkcast Guide',
  excerpt:
    "Kaiseki, obanzai, and a late-night ramen alley: how to eat across four days in Japan's ancient capital without missing a season.",
  content: "Kyoto was Japan's capital for more than a thousand years...\n\n## Where to Eat\n\n...",
  heroImage: '/images/cities/kyoto.jpg',
  heroAlt: KYOTO.heroAlt,
  type: 'guide',
  cityId: 3,
  tags: ['kyoto', 'japan', 'kaiseki'],
  published: true,
  status: 'published',
  publishedAt: SEEDED,
  publishAt: null,
  reviewAt: null,
  authorIds: [1],
  createdAt: SEEDED,
  updatedAt: EDITED,
  ...NO_SEO,
  version: 0,
};

/** A Kyoto dining post: post 21. */
export const RAMEN_POST = {
  id: 21,
  slug: 'kyoto-ichijoji-ramen-street',
  title: 'Kyoto After Dark: The Ramen Counters of Ichijōji',
  excerpt:
    "Kyoto is famous for temples and kaiseki, but its northeastern neighborhood of Ichijōji is one of Japan's great ramen districts. A late-night guide.",
  content: 'For most visitors, Kyoto means temples, tea, and the refined multicourse cooking called kaiseki...\n\n...',
  heroImage: '/images/posts/kyoto-ichijoji-ramen-street.jpg',
  heroAlt: 'Illustrated ramen counter with steaming bowls under a row of paper lanterns',
  type: 'post',
  cityId: 3,
  tags: ['kyoto', 'ramen', 'late night'],
  published: true,
  status: 'published',
  publishedAt: '2025-04-18T09:00:00.000Z',
  publishAt: null,
  reviewAt: null,
  authorIds: [1],
  createdAt: '2025-04-18T09:00:00.000Z',
  updatedAt: '2025-04-18T09:00:00.000Z',
  ...NO_SEO,
  version: 0,
};

/** A draft started in Kyoto (POST /api/posts). */
export const NEW_DRAFT = {
  ...RAMEN_POST,
  id: 32,
  slug: 'tofu-in-nanzen-ji',
  title: 'Tofu in Nanzen-ji',
  excerpt: '',
  content: 'Yudofu, simmered at the table.',
  heroImage: null,
  heroAlt: '',
  tags: ['kyoto', 'tofu'],
  published: false,
  status: 'draft',
  publishedAt: null,
  createdAt: NOW,
  updatedAt: NOW,
  url: '/kyoto/tofu-in-nanzen-ji',
  version: 1,
};

/** The owner every example app has (the seed's posts are theirs). */
export const OWNER = {
  id: 1,
  name: 'Editor',
  email: 'editor@forkcast.test',
  role: 'owner',
  slug: 'editor',
  bio: '',
  avatar: null,
  createdAt: NOW,
  updatedAt: NOW,
};

/**
 * A write's first change of a seeded entity keeps its state before as revision 1 and its new state
 * as revision 2: its version from then on.
 */
export const FIRST_EDIT = 2;

export const notFound = (message: string) => ({ message, code: 'not_found' });
export const forbidden = (message: string) => ({ message, code: 'forbidden' });
export const invalid = (message: string) => ({ message, code: 'validation' });

/** A write made to version 1 of a seeded post, which is still at version 0. */
export const STALE_POST = {
  message:
    'This post is not at the version this change was made to. Nothing was saved: read the post again, or send the change again with its current version.',
  code: 'stale_version',
  currentVersion: 0,
  changedBy: null,
  changedAt: null,
  changes: [],
};
