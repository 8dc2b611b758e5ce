import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db.ts';
import { TAG } from '../tags.ts';
import { sitemapRange } from '@forkcast/shared/urls';
import type { PostStatus } from '@forkcast/shared/contracts';
import { recordRead, recordWrite } from '../tracking.ts';
import { recordBefore, recordCreated, recordTrashed } from '../revisions/capture.ts';
import type { Database, NewPostRow, PostRow, PostType } from '../schema.ts';
import { authorIdsColumn, postAuthorIds, writePostAuthors } from './post-authors.ts';
import { replacePostTags, tagSlugs } from './post-tags.ts';
import { seoColumns } from './seo-fields.ts';

export type { PostStatus };

/** A post or guide with its tags parsed, `published` as a boolean, its status spelled out and its authors. */
export interface Post extends Omit<PostRow, 'tags' | 'published' | 'noindex'> {
  tags: string[];
  published: boolean;
  /** Kept out of search results and the sitemap. */
  noindex: boolean;
  status: PostStatus;
  /** Its authors' user ids in order; the first is the primary author. */
  authorIds: number[];
}

/** A post without its authors: what the lists of published posts build their summaries from. */
export type PostFields = Omit<Post, 'authorIds'>;

export interface NewPost extends Omit<NewPostRow, 'tags' | 'published' | 'noindex' | 'id'> {
  tags?: string[];
  published?: boolean;
  noindex?: boolean;
  /** Its authors, the primary author first; none unless given. */
  authorIds?: number[];
}

export interface PostFilter {
  /** Only published posts (what visitors may see). */
  publishedOnly?: boolean;
  /** Only posts in this state of their life. */
  status?: PostStatus;
  type?: PostType;
  cityId?: number;
  /** Only posts whose title contains this text (any case). */
  titleContains?: string;
  /** Only posts carrying this tag (any case). */
  tag?: string;
  /** Only posts on the page of this tag slug (see post-tags.ts). */
  tagSlug?: string;
  /** Only posts this user is an author of. */
  authorId?: number;
  /** Published posts, and unpublished ones only of this author (what a writer below editor may see). */
  unpublishedOnlyOf?: number;
  /** Newest by reader date (the default), or most recently edited first (the admin's list). */
  order?: 'date' | 'updated';
  limit?: number;
  offset?: number;
}

/** A stored row as the repositories answer it: tags parsed, `published` a boolean, the status spelled out. */
export function toPostFields(row: PostRow): PostFields {
  const status: PostStatus =
    row.published === 1 ? 'published' : row.reviewAt !== null ? 'review' : row.publishAt === null ? 'draft' : 'scheduled';
  return { ...row, tags: JSON.parse(row.tags) as string[], published: row.published === 1, noindex: row.noindex === 1, status };
}

/** A row read with `authorIdsColumn` as a post. */
export function toPost({ authorIds, ...row }: PostRow & { authorIds: string }): Post {
  return { ...toPostFields(row), authorIds: JSON.parse(authorIds) as number[] };
}

// Newest first by the date a reader sees (publishedAt, else createdAt); id breaks ties so that
// listings are identical on every render.
const readerDate = sql<string>`coalesce(published_at, created_at)`;

// A list depends on which posts exist (all of them, or one city's) and on each post it returns.
function recordList(filter: PostFilter, posts: readonly { id: number }[] = []): void {
  recordRead(filter.cityId === undefined ? TAG.posts : TAG.cityPosts(filter.cityId), ...posts.map((post) => TAG.post(post.id)));
}

function recordPost<P extends { id: number }>(post: P | undefined): P | undefined {
  recordRead(post ? TAG.post(post.id) : TAG.posts);
  return post;
}

function filtered(db: Db, filter: PostFilter) {
  let query = db.selectFrom('posts');
  if (filter.authorId !== undefined) {
    const userId = filter.authorId;
    query = query.where('id', 'in', (eb) => eb.selectFrom('postAuthors').select('postId').where('userId', '=', userId));
  }
  if (filter.publishedOnly || filter.status === 'published') query = query.where('published', '=', 1);
  if (filter.unpublishedOnlyOf !== undefined) {
    const userId = filter.unpublishedOnlyOf;
    const own = (eb: ExpressionBuilder<Database, 'posts'>) => eb.selectFrom('postAuthors').select('postId').where('userId', '=', userId);
    query = query.where((eb) => eb.or([eb('published', '=', 1), eb('id', 'in', own(eb))]));
  }
  if (filter.status === 'draft') query = query.where('published', '=', 0).where('publishAt', 'is', null).where('reviewAt', 'is', null);
  if (filter.status === 'review') query = query.where('published', '=', 0).where('reviewAt', 'is not', null);
  if (filter.status === 'scheduled')
    query = query.where('published', '=', 0).where('publishAt', 'is not', null).where('reviewAt', 'is', null);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.cityId !== undefined) query = query.where('cityId', '=', filter.cityId);
  if (filter.titleContains) query = query.where(sql<boolean>`instr(lower(title), lower(${filter.titleContains})) > 0`);
  if (filter.tag)
    query = query.where(sql<boolean>`exists (select 1 from json_each(posts.tags) where lower(json_each.value) = lower(${filter.tag}))`);
  if (filter.tagSlug !== undefined) {
    const slug = filter.tagSlug;
    query = query.where('id', 'in', (eb) => eb.selectFrom('postTags').select('postId').where('slug', '=', slug));
  }
  return query;
}

export async function listPosts(db: Db, filter: PostFilter = {}): Promise<Post[]> {
  let query = filtered(db, filter)
    .selectAll()
    .select(authorIdsColumn)
    .orderBy(filter.order === 'updated' ? sql<string>`updated_at` : readerDate, 'desc')
    .orderBy('id', 'desc');
  // SQLite accepts OFFSET only after a LIMIT; -1 means no limit.
  if (filter.limit !== undefined || filter.offset !== undefined) query = query.limit(filter.limit ?? -1);
  if (filter.offset !== undefined) query = query.offset(filter.offset);
  const posts = (await query.execute()).map(toPost);
  recordList(filter, posts);
  return posts;
}

export async function countPosts(db: Db, filter: Omit<PostFilter, 'limit' | 'offset'> = {}): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  recordList(filter);
  return Number(row.count);
}

/** How many cities the matching posts cover. */
export async function countCitiesCovered(db: Db, filter: Omit<PostFilter, 'limit' | 'offset' | 'cityId'> = {}): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.count<number>('cityId').distinct().as('count'))
    .executeTakeFirstOrThrow();
  recordList(filter);
  return Number(row.count);
}

export async function getPostBySlug(db: Db, slug: string, options: { publishedOnly?: boolean } = {}): Promise<Post | undefined> {
  let query = db.selectFrom('posts').selectAll().select(authorIdsColumn).where('slug', '=', slug);
  if (options.publishedOnly) query = query.where('published', '=', 1);
  const row = await query.executeTakeFirst();
  return recordPost(row && toPost(row));
}

export async function getPostById(db: Db, id: number): Promise<Post | undefined> {
  const row = await db.selectFrom('posts').selectAll().select(authorIdsColumn).where('id', '=', id).executeTakeFirst();
  return recordPost(row && toPost(row));
}

/** The newest guide of a city. */
export async function getGuideForCity(db: Db, cityId: number, options: { publishedOnly?: boolean } = {}): Promise<Post | undefined> {
  const [guide] = await listPosts(db, { ...options, cityId, type: 'guide', limit: 1 });
  return guide;
}

/**
 * The fields that decide which lists a post is in, where, and under what name: its filters, its
 * reader date, its title, and which routes it has (its slug, and its tags: each tag has a page).
 */
const LIST_FIELDS = ['published', 'publishedAt', 'type', 'cityId', 'slug', 'tags', 'title'] as const;
/**
 * The fields nothing outside the post's own page shows (its body, and when it is due or waits for
 * review if unpublished, its search and social fields). `noindex` also decides whether its sitemap
 * file lists it; that file reads every post it could list, so the post's own tag reaches it.
 */
const PAGE_ONLY_FIELDS = new Set([
  'content',
  'publishAt',
  'reviewAt',
  'updatedAt',
  'metaTitle',
  'metaDescription',
  'ogImage',
  'canonicalUrl',
  'noindex',
]);

/**
 * A post's own page changes with any of its fields, its cards with any but its body, and the
 * lists it sits in (every post's, its city's, its tags', its authors') when it joins or leaves
 * them, moves within them or is renamed. `tags` and `authorIds` are those before and after the change.
 */
export function recordPostChange(
  post: { id: number; cityIds: (number | null | undefined)[]; tags: string[]; authorIds: readonly number[] },
  change: { card: boolean; lists: boolean },
): void {
  recordWrite(TAG.post(post.id));
  if (change.card) recordWrite(TAG.postCard(post.id));
  if (!change.lists) return;
  recordWrite(TAG.posts, TAG.postRange(sitemapRange(post.id)));
  for (const cityId of post.cityIds) if (cityId !== null && cityId !== undefined) recordWrite(TAG.cityPosts(cityId));
  for (const { slug } of tagSlugs(post.tags)) recordWrite(TAG.tagPosts(slug));
  for (const userId of post.authorIds) recordWrite(TAG.authorPosts(userId));
}

/** Inserts a post and returns its id. */
export async function insertPost(db: Db, post: NewPost): Promise<number> {
  const { tags = [], published = false, authorIds = [], metaTitle, metaDescription, ogImage, canonicalUrl, noindex, ...rest } = post;
  const row = await db
    .insertInto('posts')
    .values({
      ...rest,
      ...seoColumns({ metaTitle, metaDescription, ogImage, canonicalUrl, noindex }),
      tags: JSON.stringify(tags),
      published: published ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replacePostTags(db, row.id, tags);
  await writePostAuthors(db, row.id, authorIds);
  recordPostChange({ id: row.id, cityIds: [post.cityId ?? null], tags, authorIds }, { card: true, lists: true });
  recordCreated({ entity: 'post', id: row.id });
  return row.id;
}

/**
 * Changes a post's columns; its authors change with setPostAuthors (post-authors.ts), which keeps
 * the same records.
 */
export async function updatePost(
  db: Db,
  id: number,
  changes: Partial<Omit<NewPost, 'createdAt' | 'authorIds'>> & { updatedAt: string },
): Promise<void> {
  const { tags, published, metaTitle, metaDescription, ogImage, canonicalUrl, noindex, ...rest } = changes;
  const before = await db.selectFrom('posts').select(['id', 'cityId', 'tags']).where('id', '=', id).executeTakeFirst();
  if (!before) return;
  await recordBefore(db, { entity: 'post', id });
  const changed = Object.keys(changes).filter((field) => changes[field as keyof typeof changes] !== undefined);
  const lists = LIST_FIELDS.some((field) => changed.includes(field));
  recordPostChange(
    {
      id,
      cityIds: [before.cityId, ...(changes.cityId === undefined ? [] : [changes.cityId])],
      // The tag pages it leaves and the ones it joins; only a change of its lists needs them.
      tags: lists ? [...(JSON.parse(before.tags) as string[]), ...(tags ?? [])] : [],
      authorIds: lists ? await postAuthorIds(db, id) : [],
    },
    { card: changed.some((field) => !PAGE_ONLY_FIELDS.has(field)), lists },
  );
  await db
    .updateTable('posts')
    .set({
      ...rest,
      ...seoColumns({ metaTitle, metaDescription, ogImage, canonicalUrl, noindex }),
      ...(tags === undefined ? {} : { tags: JSON.stringify(tags) }),
      ...(published === undefined ? {} : { published: published ? 1 : 0 }),
    })
    .where('id', '=', id)
    .execute();
  if (tags !== undefined) await replacePostTags(db, id, tags);
}

export async function deletePost(db: Db, id: number): Promise<void> {
  await recordBefore(db, { entity: 'post', id });
  await recordTrashed(db, 'post', id);
  const authorIds = await postAuthorIds(db, id);
  const deleted = await db.deleteFrom('posts').where('id', '=', id).returning(['id', 'cityId', 'tags']).executeTakeFirst();
  if (deleted)
    recordPostChange({ id, cityIds: [deleted.cityId], tags: JSON.parse(deleted.tags) as string[], authorIds }, { card: true, lists: true });
}

/** Scheduled posts whose publication time has come, earliest first. */
export async function duePosts(db: Db, now: string): Promise<Post[]> {
  const rows = await db
    .selectFrom('posts')
    .selectAll()
    .select(authorIdsColumn)
    .where('published', '=', 0)
    .where('publishAt', 'is not', null)
    .where('publishAt', '<=', now)
    .orderBy('publishAt')
    .orderBy('id')
    .execute();
  return rows.map(toPost);
}

/** The earliest publication time any scheduled post waits for. */
export async function nextPublishAt(db: Db): Promise<string | undefined> {
  // Asked after every write. Without statistics SQLite's planner reads every draft through the
  // index on (published, city_id) instead of taking the first entry of the schedule's own index.
  const { rows } = await sql<{ next: string | null }>`
    select min(publish_at) as next from posts indexed by posts_schedule where published = 0 and publish_at is not null`.execute(db);
  return rows[0]?.next ?? undefined;
}
