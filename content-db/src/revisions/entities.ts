import { HOME_HERO_ENTITY_ID } from '@forkcast/shared/contracts';
import type { Db } from '../db.ts';
import { SETTING } from '../repositories/setting-keys.ts';
import type { CityRow, ContentBlockRow, ContentItemRow, PostRow, RestaurantRow, RevisionEntity, SitePageRow } from '../schema.ts';

/** What a revision is of: a post (with its body), a city (with its itinerary), the homepage hero or a page an editor wrote. */
export interface EntityRef {
  entity: RevisionEntity;
  id: number;
}

export const HOME_HERO: EntityRef = { entity: 'hero', id: HOME_HERO_ENTITY_ID };

/** A post as it is stored, with the blocks and inline items of its body and its authors: restoring it brings all of them back. */
export interface PostState {
  post: PostRow;
  blocks: ContentBlockRow[];
  items: ContentItemRow[];
  /** Its authors' user ids in order (kept last: migration 0015 added it to the states stored before). */
  authorIds: number[];
}

/** A city with its itinerary rows in their order. */
export interface CityState {
  city: CityRow;
  restaurants: RestaurantRow[];
}

/** The homepage hero's two settings; null when never set (the page shows its default picture). */
export interface HeroState {
  image: string | null;
  alt: string | null;
}

/** A page an editor wrote: its row, every column (its search fields too). */
export interface PageState {
  page: SitePageRow;
}

export type EntityState = PostState | CityState | HeroState | PageState;

export const entityKey = (ref: EntityRef) => `${ref.entity}:${ref.id}`;

async function postState(db: Db, id: number): Promise<PostState | null> {
  const post = await db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!post) return null;
  const blocks = await db.selectFrom('contentBlocks').selectAll().where('postId', '=', id).orderBy('position').orderBy('id').execute();
  const items = await db.selectFrom('postContentItems').selectAll().where('postId', '=', id).orderBy('position').orderBy('id').execute();
  const authors = await db.selectFrom('postAuthors').select('userId').where('postId', '=', id).orderBy('position').execute();
  return { post, blocks, items, authorIds: authors.map((author) => author.userId) };
}

async function cityState(db: Db, id: number): Promise<CityState | null> {
  const city = await db.selectFrom('cities').selectAll().where('id', '=', id).executeTakeFirst();
  if (!city) return null;
  const restaurants = await db.selectFrom('restaurants').selectAll().where('cityId', '=', id).orderBy('position').orderBy('id').execute();
  return { city, restaurants };
}

async function pageState(db: Db, id: number): Promise<PageState | null> {
  const page = await db.selectFrom('sitePages').selectAll().where('id', '=', id).executeTakeFirst();
  return page ? { page } : null;
}

async function heroState(db: Db): Promise<HeroState> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [SETTING.homepageHeroImage, SETTING.homepageHeroAlt])
    .execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? null;
  return { image: value(SETTING.homepageHeroImage), alt: value(SETTING.homepageHeroAlt) };
}

/**
 * The whole current state of an entity, read without recording page dependencies (it is what a
 * revision stores, not what a page shows); null when it does not exist.
 */
export function loadState(db: Db, ref: EntityRef): Promise<EntityState | null> {
  if (ref.entity === 'post') return postState(db, ref.id);
  if (ref.entity === 'city') return cityState(db, ref.id);
  if (ref.entity === 'page') return pageState(db, ref.id);
  return heroState(db);
}

/** The name an editor knows the entity by. */
export function stateTitle(ref: EntityRef, state: EntityState | null): string {
  if (ref.entity === 'hero') return 'Homepage hero';
  if (state && 'post' in state) return state.post.title;
  if (state && 'city' in state) return state.city.name;
  if (state && 'page' in state) return state.page.title;
  return ref.entity === 'post' ? `Post ${ref.id}` : ref.entity === 'page' ? `Page ${ref.id}` : `City ${ref.id}`;
}
