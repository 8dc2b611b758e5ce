import {
  addRedirect,
  deleteAllBlocks,
  deleteAllContentItems,
  deletePost,
  getCityById,
  getGuideForCity,
  getPostById,
  getUserById,
  insertPost,
  removeRedirectFrom,
  removeRedirectsTo,
  setPostAuthors,
  updatePost,
  type City,
  type Db,
  type Post,
} from '@forkcast/content-db';
import { CITY_PAGES, canonicalPostPath } from '@forkcast/shared/urls';
import { errors } from '../errors.ts';
import { slugify, uniqueSlug } from '@forkcast/shared/slugs';
import type { NewPostInput, PostChangeInput } from './post-input.ts';

/** A post as the authoring API answers with it: the stored post plus the URL it has (or will have) on the site. */
export type AuthoredPost = Post & { url: string };

async function cityOf(db: Db, cityId: number | null): Promise<City | undefined> {
  if (cityId === null) return undefined;
  const city = await getCityById(db, cityId);
  if (!city) throw errors.validation('That city does not exist.');
  return city;
}

export async function authoredPost(db: Db, id: number): Promise<AuthoredPost> {
  const post = await getPostById(db, id);
  if (!post) throw errors.notFound('Post not found.');
  const city = post.cityId === null ? undefined : await getCityById(db, post.cityId);
  return { ...post, url: canonicalPostPath(post, city) };
}

async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const row = await db.selectFrom('posts').select('id').where('slug', '=', slug).executeTakeFirst();
  return row !== undefined && row.id !== exceptId;
}

/**
 * The publication columns for a requested status: live now, waiting for `publishAt`, or a draft.
 * Each ends a review (publishing or scheduling is an editor's decision on it); only the review
 * routes put a post into review.
 */
function publication(
  input: Pick<PostChangeInput, 'status' | 'publishAt' | 'publishedAt'>,
  before: { publishedAt: string | null } | undefined,
  now: string,
): { published: boolean; publishAt: string | null; reviewAt: null; publishedAt?: string | null } {
  if (input.status === 'scheduled') {
    if (!input.publishAt) throw errors.validation('A scheduled post needs publishAt, the time it goes live.');
    if (input.publishAt <= now) throw errors.validation('Choose a publication time in the future, or publish now.');
    return { published: false, publishAt: input.publishAt, reviewAt: null };
  }
  if (input.publishAt) throw errors.validation("publishAt is only for a post with status 'scheduled'.");
  // A first publication dates the post; unpublishing and publishing again keeps its date.
  if (input.status === 'published')
    return { published: true, publishAt: null, reviewAt: null, publishedAt: input.publishedAt ?? before?.publishedAt ?? now };
  return { published: false, publishAt: null, reviewAt: null };
}

/** Guides belong to a city, one each. */
async function checkGuide(db: Db, type: 'post' | 'guide', city: City | undefined, postId?: number): Promise<void> {
  if (type !== 'guide') return;
  if (!city) throw errors.validation('A guide belongs to a city: choose one.');
  const guide = await getGuideForCity(db, city.id);
  if (guide && guide.id !== postId) throw errors.conflict(`${city.name} already has a guide.`);
}

/** Authors are users: a list naming anyone else is refused. */
async function checkAuthors(db: Db, authorIds: readonly number[]): Promise<void> {
  for (const id of authorIds) if (!(await getUserById(db, id))) throw errors.validation(`No user has the id ${id}; an author must be one.`);
}

/**
 * Creates a post from a writer's input (run it inside commitWrite): a draft unless asked otherwise,
 * its writer its author unless it names its authors.
 */
export async function createPost(db: Db, input: NewPostInput, now: string, writerId: number): Promise<AuthoredPost> {
  const authorIds = input.authorIds ?? [writerId];
  await checkAuthors(db, authorIds);
  const type = input.type ?? 'post';
  const city = await cityOf(db, input.cityId ?? null);
  await checkGuide(db, type, city);
  if (input.slug) await checkSlug(db, input.slug);
  const slug = input.slug ?? (await freeSlug(db, input.title));
  const { published, publishAt, publishedAt = null } = publication({ ...input, status: input.status ?? 'draft' }, undefined, now);
  const id = await insertPost(db, {
    slug,
    title: input.title,
    excerpt: input.excerpt ?? '',
    content: input.content ?? '',
    type,
    cityId: city?.id ?? null,
    tags: input.tags ?? [],
    heroImage: input.heroImage ?? null,
    heroAlt: input.heroAlt ?? input.title,
    metaTitle: input.metaTitle,
    metaDescription: input.metaDescription,
    ogImage: input.ogImage,
    canonicalUrl: input.canonicalUrl,
    noindex: input.noindex,
    published,
    publishAt,
    publishedAt,
    authorIds,
    createdAt: now,
    updatedAt: now,
  });
  const post = await authoredPost(db, id);
  if (post.published) await removeRedirectFrom(db, post.url);
  return post;
}

/** A slug for a new post from its title: base, base-2, ... whichever no post or city page holds. */
async function freeSlug(db: Db, title: string): Promise<string> {
  const base = slugify(title) || 'post';
  const rows = await db
    .selectFrom('posts')
    .select('slug')
    // base-… as a range of the slug's index ('.' follows '-'): LIKE cannot use it and read every slug.
    .where((eb) => eb.or([eb('slug', '=', base), eb.and([eb('slug', '>=', `${base}-`), eb('slug', '<', `${base}.`)])]))
    .execute();
  const taken = new Set<string>([...CITY_PAGES, ...rows.map((row) => row.slug)]);
  return uniqueSlug(base, (candidate) => taken.has(candidate));
}

/** A slug an editor chose: free, and not one of the pages every city has under its own slug. */
async function checkSlug(db: Db, slug: string, postId?: number): Promise<void> {
  if ((CITY_PAGES as readonly string[]).includes(slug))
    throw errors.validation(`'${slug}' is the name of a city page; choose another slug.`);
  if (await slugTaken(db, slug, postId)) throw errors.conflict('Another post already uses that slug.');
}

/**
 * Applies an editor's change to a post (run it inside commitWrite). A live post whose URL changes
 * (a new slug, city or type) leaves a redirect from its old URL; new Markdown drops the stored
 * blocks and inline items, whose positions referred to the old paragraphs.
 */
export async function changePost(db: Db, id: number, change: PostChangeInput, now: string): Promise<AuthoredPost> {
  const before = await getPostById(db, id);
  if (!before) throw errors.notFound('Post not found.');
  const beforeCity = before.cityId === null ? undefined : await getCityById(db, before.cityId);
  const type = change.type ?? before.type;
  const city = change.cityId === undefined ? beforeCity : await cityOf(db, change.cityId);
  if (change.type !== undefined || change.cityId !== undefined) await checkGuide(db, type, city, id);
  if (change.slug !== undefined && change.slug !== before.slug) await checkSlug(db, change.slug, id);
  // A new picture without its own description is described by the title, never by the old picture's alt.
  const heroAlt = change.heroImage !== undefined && change.heroAlt === undefined ? (change.title ?? before.title) : change.heroAlt;
  const {
    status: _status,
    publishAt: _publishAt,
    publishedAt: _publishedAt,
    cityId: _cityId,
    heroAlt: _heroAlt,
    authorIds,
    ...plain
  } = change;
  if (authorIds) await checkAuthors(db, authorIds);
  const lifecycle =
    change.status !== undefined
      ? publication(change, before, now)
      : change.publishAt !== undefined || change.publishedAt !== undefined
        ? retimed(before, change)
        : {};
  if (change.content !== undefined && change.content !== before.content) {
    await deleteAllBlocks(db, id);
    await deleteAllContentItems(db, id);
  }
  await updatePost(db, id, {
    ...plain,
    ...(heroAlt === undefined ? {} : { heroAlt }),
    ...(change.cityId !== undefined ? { cityId: city?.id ?? null } : {}),
    ...lifecycle,
    updatedAt: now,
  });
  if (authorIds) await setPostAuthors(db, id, authorIds);

  const after = await authoredPost(db, id);
  const beforeUrl = canonicalPostPath(before, beforeCity);
  // A live post owns its URL: no stored redirect may lead away from it.
  if (after.published) {
    if (before.published && beforeUrl !== after.url) await addRedirect(db, beforeUrl, after.url, now);
    else await removeRedirectFrom(db, after.url);
  }
  return after;
}

/** A change of times alone: re-dating a live post, or moving a scheduled one. */
function retimed(before: Post, change: PostChangeInput): { publishAt?: string | null; publishedAt?: string } {
  if (change.publishAt !== undefined) {
    if (before.status !== 'scheduled' || change.publishAt === null) {
      throw errors.validation("To schedule a post, send status 'scheduled' with publishAt.");
    }
    return { publishAt: change.publishAt };
  }
  if (before.status !== 'published') throw errors.validation('publishedAt can only be changed on a published post.');
  return { publishedAt: change.publishedAt! };
}

/** Deletes a post (run it inside commitWrite): its page goes, and redirects that led to it go too. */
export async function removePost(db: Db, id: number): Promise<void> {
  const post = await authoredPost(db, id);
  await removeRedirectsTo(db, post.url);
  await deletePost(db, id);
}
