import {
  addRedirect,
  contentHash,
  getCityById,
  getPostById,
  getSitePage,
  getTrashed,
  deleteSitePage,
  loadState,
  previousRevision,
  putBlock,
  putCityState,
  putHeroState,
  putItem,
  putPostState,
  putSitePageState,
  putSubscriber,
  removeFromTrash,
  removeRedirectFrom,
  revisionsOfChange,
  trashOfChange,
  type BodyPartSnapshot,
  type CityState,
  type ContentBlockRow,
  type ContentItemRow,
  type Db,
  type EntityRef,
  type EntityState,
  type HeroState,
  type PageState,
  type PostState,
  type SubscriberRow,
  type TrashKind,
} from '@forkcast/content-db';
import { canonicalPostPath } from '@forkcast/shared/urls';
import { authoredCity, livePaths, removeCity } from '../authoring/city-writes.ts';
import { removePost } from '../authoring/post-writes.ts';
import { errors } from '../errors.ts';
import { checkSlug, followAddress } from '../site-pages/routes.ts';

const section = (position: number) => `section ${position + 1}`;

/** The name of a city that is gone, if the trash still has it: restoring something of it needs it back first. */
async function trashedCityName(db: Db, cityId: number): Promise<string | undefined> {
  return (await getTrashed(db, 'city', cityId))?.title;
}

async function restorePost(db: Db, state: PostState, now: string): Promise<void> {
  const { post } = state;
  const before = await getPostById(db, post.id);
  const beforeCity = before?.cityId ? await getCityById(db, before.cityId) : undefined;
  const other = await db
    .selectFrom('posts')
    .select(['id', 'title'])
    .where('slug', '=', post.slug)
    .where('id', '!=', post.id)
    .executeTakeFirst();
  if (other) throw errors.conflict(`'${other.title}' uses the slug '${post.slug}' now; give it another slug first.`);
  if (post.cityId !== null) {
    const city = await getCityById(db, post.cityId);
    if (!city) {
      const name = await trashedCityName(db, post.cityId);
      throw errors.conflict(
        name
          ? `Its city, ${name}, is in the trash: restore the city first.`
          : 'Its city has been deleted for good; it cannot come back as it was.',
      );
    }
    if (post.type === 'guide') {
      const guide = await db
        .selectFrom('posts')
        .select('title')
        .where('cityId', '=', post.cityId)
        .where('type', '=', 'guide')
        .where('id', '!=', post.id)
        .executeTakeFirst();
      if (guide) throw errors.conflict(`${city.name} has another guide now ('${guide.title}'); a city has one guide.`);
    }
  }
  // A restore is an edit of its own: the post was last changed now.
  await putPostState(db, { ...state, post: { ...post, updatedAt: now } });
  await removeFromTrash(db, 'post', [post.id]);
  await removeFromTrash(
    db,
    'block',
    state.blocks.map((block) => block.id),
  );
  await removeFromTrash(
    db,
    'item',
    state.items.map((item) => item.id),
  );

  // The redirect rules every post change follows: a live post owns its URL, and moving it leaves a 301.
  const after = (await getPostById(db, post.id))!;
  if (!after.published) return;
  const city = after.cityId === null ? undefined : await getCityById(db, after.cityId);
  const url = canonicalPostPath(after, city);
  const beforeUrl = before ? canonicalPostPath(before, beforeCity) : undefined;
  if (before?.published && beforeUrl !== undefined && beforeUrl !== url) await addRedirect(db, beforeUrl, url, now);
  else await removeRedirectFrom(db, url);
}

async function restoreCity(db: Db, state: CityState, now: string): Promise<void> {
  const { city } = state;
  const other = await db.selectFrom('cities').select('name').where('slug', '=', city.slug).where('id', '!=', city.id).executeTakeFirst();
  if (other) throw errors.conflict(`${other.name} uses the slug '${city.slug}' now; give it another slug first.`);
  const before = await getCityById(db, city.id);
  const moving = before !== undefined && before.slug !== city.slug;
  const oldPaths = moving ? await livePaths(db, before) : new Map<string, string>();
  await putCityState(db, { ...state, city: { ...city, updatedAt: now } });
  await removeFromTrash(db, 'city', [city.id]);
  if (moving) {
    const newPaths = await livePaths(db, await authoredCity(db, city.id));
    for (const [key, from] of oldPaths) {
      const to = newPaths.get(key);
      if (to) await addRedirect(db, from, to, now);
    }
    for (const to of newPaths.values()) await removeRedirectFrom(db, to);
  }
}

/** Puts a page back as `state` holds it, by the rules of any page write: a free slug, and its address followed. */
async function restorePage(db: Db, state: PageState, now: string): Promise<void> {
  const before = await getSitePage(db, state.page.id);
  if (state.page.slug !== before?.slug) await checkSlug(db, state.page.slug, state.page.id);
  const after = await putSitePageState(db, state, now);
  await followAddress(db, before, after, now);
  await removeFromTrash(db, 'page', [state.page.id]);
}

/** Deletes a page into the trash, as DELETE /api/pages/:id does. */
async function removePage(db: Db, id: number, now: string): Promise<void> {
  const page = await getSitePage(db, id);
  if (!page) return;
  await followAddress(db, page, undefined, now);
  await deleteSitePage(db, id);
}

/**
 * Makes an entity what `state` says (run it inside commitWrite): a post or city is put back with its
 * body or itinerary and the same ids, following the same rules as any edit (a free slug, an existing
 * city, one guide per city, redirects); a null state deletes it, into the trash.
 */
export async function restoreState(db: Db, ref: EntityRef, state: EntityState | null, now: string): Promise<void> {
  if (ref.entity === 'hero') return putHeroState(db, (state as HeroState | null) ?? { image: null, alt: null }, now);
  if (ref.entity === 'page') return state === null ? removePage(db, ref.id, now) : restorePage(db, state as PageState, now);
  if (ref.entity === 'post') {
    if (state !== null) return restorePost(db, state as PostState, now);
    if (await getPostById(db, ref.id)) await removePost(db, ref.id);
    return;
  }
  if (state !== null) return restoreCity(db, state as CityState, now);
  if (await getCityById(db, ref.id)) await removeCity(db, ref.id);
}

/** What an undo or a restore brought back, for the editor's message. */
export interface Restored {
  entity: EntityRef['entity'] | TrashKind;
  id: number;
  title: string;
}

/**
 * Takes one change back (run it inside commitWrite): every entity it changed returns to its state
 * before it, and whatever it deleted comes out of the trash. Refused (409) when something it changed
 * has been changed again since, so an undo never silently discards later work.
 */
export async function undoChange(db: Db, changeId: number, now: string): Promise<Restored[]> {
  const revisions = await revisionsOfChange(db, changeId);
  const trashed = await trashOfChange(db, changeId);
  if (revisions.length === 0 && trashed.length === 0) throw errors.notFound('That change is not kept any more.');
  const restored: Restored[] = [];
  for (const revision of [...revisions].reverse()) {
    const ref = { entity: revision.entity, id: revision.entityId };
    const current = await loadState(db, ref);
    if (JSON.stringify(current) !== JSON.stringify(revision.state)) {
      throw errors.conflict(`'${revision.title}' has changed again since; open its history to restore an earlier version.`);
    }
    const previous = await previousRevision(db, revision);
    if (!previous && revision.kind !== 'created') throw errors.conflict('The version before this change is no longer kept.');
    await restoreState(db, ref, previous?.state ?? null, now);
    restored.push({ entity: ref.entity, id: ref.id, title: revision.title });
  }
  for (const entry of trashed) {
    // Putting a post back already took its deleted blocks and items out of the trash.
    if (await getTrashed(db, entry.kind, entry.id)) {
      await restoreTrashed(db, entry.kind, entry.id, now);
      restored.push({ entity: entry.kind, id: entry.id, title: entry.title });
    }
  }
  return restored;
}

async function bodyPartTarget(db: Db, part: BodyPartSnapshot<{ postId: number }>, what: string) {
  const post = await getPostById(db, part.row.postId);
  if (!post) {
    const trashed = await getTrashed(db, 'post', part.row.postId);
    throw errors.conflict(
      trashed ? `'${part.postTitle}' is in the trash: restore the post first.` : `'${part.postTitle}' has been deleted for good.`,
    );
  }
  if (contentHash(post.content) !== part.contentHash) {
    throw errors.conflict(
      `The text of '${post.title}' has changed since this ${what} was deleted, so its place is gone; open the post's history to restore an earlier version.`,
    );
  }
  return post;
}

/**
 * Brings one thing back out of the trash with its ids (run it inside commitWrite), so its URLs and
 * pages come back with the next publish. Refused (409, saying why) when its place is taken or gone.
 */
export async function restoreTrashed(db: Db, kind: TrashKind, id: number, now: string): Promise<Restored> {
  const entry = await getTrashed(db, kind, id);
  if (!entry) throw errors.notFound('That is not in the trash.');
  const done = { entity: kind, id, title: entry.title };
  if (kind === 'post') {
    if (await getPostById(db, id)) throw errors.conflict(`'${entry.title}' is already back.`);
    await restorePost(db, entry.snapshot as PostState, now);
    return done;
  }
  if (kind === 'city') {
    if (await getCityById(db, id)) throw errors.conflict(`${entry.title} is already back.`);
    await restoreCity(db, entry.snapshot as CityState, now);
    return done;
  }
  if (kind === 'page') {
    if (await getSitePage(db, id)) throw errors.conflict(`'${entry.title}' is already back.`);
    await restorePage(db, entry.snapshot as PageState, now);
    return done;
  }
  if (kind === 'block') {
    const part = entry.snapshot as BodyPartSnapshot<ContentBlockRow>;
    const post = await bodyPartTarget(db, part, 'edit');
    const taken = await db
      .selectFrom('contentBlocks')
      .select('id')
      .where('postId', '=', post.id)
      .where('position', '=', part.row.position)
      .executeTakeFirst();
    if (taken) throw errors.conflict(`${section(part.row.position)} of '${post.title}' has another edit now; delete that one first.`);
    await putBlock(db, part.row);
  } else if (kind === 'item') {
    const part = entry.snapshot as BodyPartSnapshot<ContentItemRow>;
    await bodyPartTarget(db, part, 'addition');
    await putItem(db, part.row);
  } else {
    const subscriber = entry.snapshot as SubscriberRow;
    const again = await db.selectFrom('newsletterSubscribers').select('id').where('email', '=', subscriber.email).executeTakeFirst();
    if (again) throw errors.conflict(`${subscriber.email} has signed up again since; the new sign-up stays.`);
    await putSubscriber(db, subscriber);
  }
  await removeFromTrash(db, kind, [id]);
  return done;
}
