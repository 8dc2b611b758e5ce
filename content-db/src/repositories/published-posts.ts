import { sql } from 'kysely';
import type { Db } from '../db.ts';
import { TAG } from '../tags.ts';
import type { PostType } from '../schema.ts';
import { authorIdsColumn } from './post-authors.ts';
import { toPostFields, type Post } from './posts.ts';
import { EMPTY_SEO_COLUMNS, SEO_COLUMN_NAMES } from './seo-fields.ts';

type SeoColumnName = (typeof SEO_COLUMN_NAMES)[number];

/** What every list of published posts is built from: its filter, reader order, window and columns. */

/** A post as cards, feeds and links show it: everything but its body. */
export type PostSummary = Omit<Post, 'content' | SeoColumnName>;

export interface PostListArgs {
  type?: PostType;
  cityId?: number;
  /** Only the posts on the page of this tag slug. */
  tagSlug?: string;
  /** Only the posts this user is an author of (their author page). */
  authorId?: number;
  /** Newest first (the default), or oldest first (archive pages, numbered from the oldest). */
  order?: 'newest' | 'oldest';
  /**
   * The window counts the archives' places (every dated post, drafts published once included, see
   * listSlotIds) rather than published posts; it lists the published ones in it. Not for a city's list.
   */
  slots?: boolean;
  limit?: number;
  offset?: number;
}

/** The columns of a summary: every one but the body. */
export const SUMMARY_COLUMNS = [
  'id',
  'slug',
  'title',
  'excerpt',
  'heroImage',
  'heroAlt',
  'type',
  'cityId',
  'tags',
  'published',
  'publishedAt',
  'publishAt',
  'createdAt',
  'updatedAt',
] as const;

/** The date readers see on a post, which lists are ordered by. */
export const readerDate = sql<string>`coalesce(published_at, created_at)`;

/** The tag whose writes may change which posts a list holds and in what order. */
export function scopeTag(args: Pick<PostListArgs, 'cityId' | 'tagSlug' | 'authorId'>): string {
  if (args.cityId !== undefined) return TAG.cityPosts(args.cityId);
  if (args.authorId !== undefined) return TAG.authorPosts(args.authorId);
  if (args.tagSlug !== undefined) return TAG.tagPosts(args.tagSlug);
  return TAG.posts;
}

/** The published posts a list is drawn from (of a type, a city, a tag, an author). */
export function published(db: Db, args: Pick<PostListArgs, 'type' | 'cityId' | 'tagSlug' | 'authorId'>) {
  // An author's posts are read from their own list (post_authors by user) and sorted: the unary +
  // keeps these columns off the indexes in reader order, which the planner otherwise walks over
  // every published post to find an author's few.
  const byAuthor = args.authorId !== undefined;
  let query = db.selectFrom('posts').where(byAuthor ? sql<number>`+published` : sql.ref<number>('published'), '=', 1);
  if (args.type) query = query.where(byAuthor ? sql<PostType>`+type` : sql.ref<PostType>('type'), '=', args.type);
  if (args.cityId !== undefined) query = query.where('cityId', '=', args.cityId);
  if (args.tagSlug !== undefined) {
    const slug = args.tagSlug;
    query = query.where('id', 'in', (eb) => eb.selectFrom('postTags').select('postId').where('slug', '=', slug));
  }
  if (args.authorId !== undefined) {
    const userId = args.authorId;
    query = query.where('id', 'in', (eb) => eb.selectFrom('postAuthors').select('postId').where('userId', '=', userId));
  }
  return query;
}

/**
 * The posts with a place in the archives: every published post, and every draft that was published
 * once (unpublishing keeps a post's date, publishing it again keeps that date).
 */
export function dated(db: Db) {
  return db.selectFrom('posts').where((eb) => eb.or([eb('published', '=', 1), eb('publishedAt', 'is not', null)]));
}

/** `published` for a read bounded by id: the same filter, kept off the indexes in reader order. */
export function publishedById(db: Db, args: Pick<PostListArgs, 'type'>) {
  const query = db.selectFrom('posts').where(sql<number>`+published`, '=', 1);
  return args.type ? query.where(sql<PostType>`+type`, '=', args.type) : query;
}

/** `published` in reader order, newest (or oldest) first, in the list's window. */
export function ordered(db: Db, args: PostListArgs) {
  const direction = args.order === 'oldest' ? 'asc' : 'desc';
  let query = published(db, args).orderBy(readerDate, direction).orderBy('id', direction);
  // SQLite accepts OFFSET only after a LIMIT; -1 means no limit.
  if (args.limit !== undefined || args.offset !== undefined) query = query.limit(args.limit ?? -1);
  if (args.offset !== undefined) query = query.offset(args.offset);
  return query;
}

/**
 * What a summary selects besides SUMMARY_COLUMNS: its authors' ids in order (a card's byline). They
 * change only through setPostAuthors, which records the post's card tag like any field of a card.
 */
export const summaryAuthorIds = authorIdsColumn;

/** A row of summary columns (and `summaryAuthorIds`) as a summary: of a published post, which waits for no review. */
export function toSummary({
  authorIds,
  ...row
}: Omit<Parameters<typeof toPostFields>[0], 'content' | 'reviewAt' | SeoColumnName> & { authorIds: string }): PostSummary {
  const fields: Partial<ReturnType<typeof toPostFields>> = toPostFields({ ...row, content: '', reviewAt: null, ...EMPTY_SEO_COLUMNS });
  // Cards, feeds and links show neither the body nor the search and social fields.
  for (const name of ['content', ...SEO_COLUMN_NAMES] as const) delete fields[name];
  return { ...(fields as Omit<ReturnType<typeof toPostFields>, 'content' | SeoColumnName>), authorIds: JSON.parse(authorIds) as number[] };
}
