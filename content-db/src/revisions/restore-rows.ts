import type { Db } from '../db.ts';
import { replacePostTags } from '../repositories/post-tags.ts';
import { postAuthorIds, writePostAuthors } from '../repositories/post-authors.ts';
import { recordPostChange } from '../repositories/posts.ts';
import { SETTING } from '../repositories/setting-keys.ts';
import type { ContentBlockRow, ContentItemRow, SubscriberRow } from '../schema.ts';
import { TAG } from '../tags.ts';
import { recordWrite } from '../tracking.ts';
import { recordBefore, recordCreated } from './capture.ts';
import { HOME_HERO, type CityState, type HeroState, type PostState } from './entities.ts';

// These put stored states back exactly, ids included, for restore and undo: like every repository
// write they record the tags they change and the state they start from, so a restore is published
// and kept in history like any other change. Run them inside commitChange.

/** Puts a post, its blocks and its inline items back as `state` holds them (creating the post again if it is gone). */
export async function putPostState(db: Db, state: PostState): Promise<void> {
  const { id, ...columns } = state.post;
  const existing = await db.selectFrom('posts').select(['cityId', 'tags']).where('id', '=', id).executeTakeFirst();
  const authorIds = await restorableAuthors(db, state.authorIds);
  const authorsBefore = existing ? await postAuthorIds(db, id) : [];
  // Everything a post can show on: its page, its cards, every list it leaves or joins, its body.
  const tags = [...(existing ? (JSON.parse(existing.tags) as string[]) : []), ...(JSON.parse(columns.tags) as string[])];
  recordPostChange(
    { id, cityIds: [existing?.cityId, columns.cityId], tags, authorIds: [...authorsBefore, ...authorIds] },
    { card: true, lists: true },
  );
  recordWrite(TAG.body(id));
  if (existing) {
    await recordBefore(db, { entity: 'post', id });
    await db.updateTable('posts').set(columns).where('id', '=', id).execute();
    await db.deleteFrom('contentBlocks').where('postId', '=', id).execute();
    await db.deleteFrom('postContentItems').where('postId', '=', id).execute();
  } else {
    await db.insertInto('posts').values(state.post).execute();
    recordCreated({ entity: 'post', id });
  }
  await replacePostTags(db, id, JSON.parse(columns.tags) as string[]);
  await writePostAuthors(db, id, authorIds);
  if (state.blocks.length > 0) await db.insertInto('contentBlocks').values(state.blocks).execute();
  if (state.items.length > 0) await db.insertInto('postContentItems').values(state.items).execute();
}

/**
 * A stored state's authors who are still users; when none is left (each was deleted since, their
 * current posts handed on), the post goes back to the owner, who may hand it on again.
 */
async function restorableAuthors(db: Db, authorIds: readonly number[]): Promise<number[]> {
  const existing =
    authorIds.length === 0 ? [] : (await db.selectFrom('users').select('id').where('id', 'in', authorIds).execute()).map((row) => row.id);
  const kept = authorIds.filter((id) => existing.includes(id));
  if (kept.length > 0 || authorIds.length === 0) return kept;
  const owner = await db.selectFrom('ownership').select('userId').executeTakeFirst();
  return owner ? [owner.userId] : [];
}

/** Puts a city and its itinerary back as `state` holds them (creating the city again if it is gone). */
export async function putCityState(db: Db, state: CityState): Promise<void> {
  const { id, ...columns } = state.city;
  const existing = await db.selectFrom('cities').select('id').where('id', '=', id).executeTakeFirst();
  recordWrite(TAG.cities, TAG.city(id), TAG.cityLink(id), TAG.restaurants(id));
  if (existing) {
    await recordBefore(db, { entity: 'city', id });
    await db.updateTable('cities').set(columns).where('id', '=', id).execute();
    await db.deleteFrom('restaurants').where('cityId', '=', id).execute();
  } else {
    await db.insertInto('cities').values(state.city).execute();
    recordCreated({ entity: 'city', id });
  }
  if (state.restaurants.length > 0) await db.insertInto('restaurants').values(state.restaurants).execute();
}

/** Puts the homepage hero's image and alt text back; a setting that was never set is removed again. */
export async function putHeroState(db: Db, state: HeroState, now: string): Promise<void> {
  await recordBefore(db, HOME_HERO);
  for (const [key, value] of [
    [SETTING.homepageHeroImage, state.image],
    [SETTING.homepageHeroAlt, state.alt],
  ] as const) {
    recordWrite(TAG.setting(key));
    if (value === null) await db.deleteFrom('settings').where('key', '=', key).execute();
    else
      await db
        .insertInto('settings')
        .values({ key, value, updatedAt: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now }))
        .execute();
  }
}

/** Puts one deleted block back into its post, with its id. */
export async function putBlock(db: Db, block: ContentBlockRow): Promise<void> {
  await recordBefore(db, { entity: 'post', id: block.postId });
  recordWrite(TAG.body(block.postId));
  await db.insertInto('contentBlocks').values(block).execute();
}

/** Puts one deleted inline item back into its post, with its id. */
export async function putItem(db: Db, item: ContentItemRow): Promise<void> {
  await recordBefore(db, { entity: 'post', id: item.postId });
  recordWrite(TAG.body(item.postId));
  await db.insertInto('postContentItems').values(item).execute();
}

/** Puts a deleted subscriber back as they were, with their id. */
export async function putSubscriber(db: Db, subscriber: SubscriberRow): Promise<void> {
  await db.insertInto('newsletterSubscribers').values(subscriber).execute();
}
