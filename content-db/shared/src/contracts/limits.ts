/**
 * The sizes the API accepts. The editors hold their fields to the same numbers, so a reader is
 * stopped while typing rather than refused after sending.
 */
export const LIMITS = {
  /** Characters of Markdown in one stored content block. */
  blockMarkdown: 20_000,
  /** Characters of text added between paragraphs. */
  itemText: 5_000,
  /** Characters of an image's alt text: a sentence or two, never a caption or an essay. */
  altText: 300,
  /** Characters of an image address (a hero or an inline image). */
  imageUrl: 2048,
  /** Characters of a city's spreadsheet address. */
  spreadsheetUrl: 2048,
  /** Characters of an email address (the longest a mail system delivers). */
  email: 254,
  contact: { name: 100, email: 254, subject: 200, message: 5_000 },
  post: {
    title: 200,
    /** Characters of a post's slug (its URL segment). */
    slug: 80,
    excerpt: 500,
    /** Characters of a post's Markdown body. */
    content: 100_000,
    /** Tags on one post, and characters of one tag. */
    tags: 20,
    tag: 40,
    /** Authors of one post. */
    authors: 10,
    /** Characters of one comment on a post, or of the note sent with a request for changes. */
    comment: 5_000,
  },
  user: {
    name: 100,
    /** Characters of a user's slug (their author page's URL segment). */
    slug: 60,
    bio: 1000,
    /** A password's length: as ADMIN_PASSWORD and `make admin-password` ask, and as sign-in reads at most. */
    passwordMin: 12,
    passwordMax: 1024,
  },
  city: {
    /** Characters of a city's slug (its URL segment). */
    slug: 60,
    country: 80,
  },
  guide: {
    cityName: 80,
    description: 600,
    /** Rows of an itinerary CSV, the header not counted. */
    csvRows: 300,
    csvBytes: 1024 * 1024,
  },
} as const;
