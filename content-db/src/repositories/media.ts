import { sql, type Selectable } from 'kysely';
import { MEDIA_PAGE_SIZE, type FocalPoint, type MediaItem, type MediaPage, type MediaUse } from '@forkcast/shared/contracts';
import { presetCardPath, SOCIAL_CARD, uploadCardName } from '@forkcast/shared/social-card';
import { authorPagePath, canonicalPostPath, cityPagePaths } from '@forkcast/shared/urls';
import type { Db } from '../db.ts';
import type { MediaTable } from '../schema.ts';
import { TAG } from '../tags.ts';
import { recordRead, recordWrite } from '../tracking.ts';
import { SETTING } from './setting-keys.ts';

export interface NewMedia {
  path: string;
  originalName: string;
  bytes: number;
  width: number;
  height: number;
  mime: string;
  createdBy: number | null;
}

type MediaRow = Selectable<MediaTable>;

/** LIKE pattern for text containing `value` literally. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Adds an upload to the library. The same bytes uploaded again get the same path (a content hash):
 * the existing item is kept, with its alt text and focal point, and its id answered.
 */
export async function recordMedia(db: Db, media: NewMedia, now: string): Promise<number> {
  await db
    .insertInto('media')
    .values({ ...media, createdAt: now })
    .onConflict((oc) => oc.column('path').doUpdateSet({ bytes: media.bytes, width: media.width, height: media.height }))
    .execute();
  const row = await db.selectFrom('media').select('id').where('path', '=', media.path).executeTakeFirstOrThrow();
  return row.id;
}

/** Everything that shows the image at `path`: posts and guides (hero or body), cities, the homepage hero, authors' portraits. */
export async function mediaUses(db: Db, path: string): Promise<MediaUse[]> {
  const like = containing(path);
  const posts = await db
    .selectFrom('posts')
    .leftJoin('cities', 'cities.id', 'posts.cityId')
    .select(['posts.id', 'posts.title', 'posts.slug', 'posts.type', 'cities.slug as citySlug'])
    .where((eb) =>
      eb.or([
        eb('posts.heroImage', '=', path),
        eb(sql`posts.content`, 'like', sql`${like} escape '\\'`),
        eb('posts.id', 'in', eb.selectFrom('postContentItems').select('postId').where(sql`content`, 'like', sql`${like} escape '\\'`)),
        eb('posts.id', 'in', eb.selectFrom('contentBlocks').select('postId').where(sql`content`, 'like', sql`${like} escape '\\'`)),
      ]),
    )
    .orderBy('posts.id')
    .execute();
  const cities = await db.selectFrom('cities').select(['id', 'name', 'slug']).where('heroImage', '=', path).orderBy('id').execute();
  const authors = await db.selectFrom('users').select(['id', 'name', 'slug']).where('avatar', '=', path).orderBy('id').execute();
  const home = await db.selectFrom('settings').select('value').where('key', '=', SETTING.homepageHeroImage).executeTakeFirst();
  return [
    ...posts.map(
      (post): MediaUse => ({
        kind: post.type,
        id: post.id,
        title: post.title,
        path: canonicalPostPath(post, post.citySlug === null ? undefined : { slug: post.citySlug }),
      }),
    ),
    ...cities.map((city): MediaUse => ({ kind: 'city', id: city.id, title: city.name, path: cityPagePaths(city)[0]! })),
    ...(home?.value === path ? [{ kind: 'home', id: 0, title: 'Homepage hero', path: '/' } satisfies MediaUse] : []),
    ...authors.map((user): MediaUse => ({ kind: 'author', id: user.id, title: user.name, path: authorPagePath(user.slug) })),
  ];
}

async function view(db: Db, row: MediaRow): Promise<MediaItem> {
  return {
    id: row.id,
    url: row.path,
    thumbnailUrl: `${row.path.slice(0, -'.jpg'.length)}-640.webp`,
    originalName: row.originalName,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    mime: row.mime,
    alt: row.alt,
    focalPoint: { x: row.focalX, y: row.focalY },
    createdAt: row.createdAt,
    usedBy: await mediaUses(db, row.path),
  };
}

/**
 * One page of the library, newest first, optionally only items whose name or alt text contains `q`,
 * or only the item whose master image is at `url` (what an editor's preview asks of an address).
 */
export async function listMedia(db: Db, query: { q?: string; url?: string; page: number }): Promise<MediaPage> {
  const q = query.q?.trim() ?? '';
  const base = db
    .selectFrom('media')
    .$if(q !== '', (qb) =>
      qb.where((eb) =>
        eb.or([eb(sql`original_name`, 'like', sql`${containing(q)} escape '\\'`), eb(sql`alt`, 'like', sql`${containing(q)} escape '\\'`)]),
      ),
    )
    .$if(query.url !== undefined, (qb) => qb.where('path', '=', query.url!));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(MEDIA_PAGE_SIZE)
    .offset((query.page - 1) * MEDIA_PAGE_SIZE)
    .execute();
  const items: MediaItem[] = [];
  for (const row of rows) items.push(await view(db, row));
  return { items, page: query.page, pageSize: MEDIA_PAGE_SIZE, total: Number(total) };
}

export async function getMedia(db: Db, id: number): Promise<MediaItem | undefined> {
  const row = await db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? view(db, row) : undefined;
}

/**
 * Changes an item's alt text and focal point. A new focal point re-crops every page that shows the
 * image, so its tag is written; so does new alt text, which describes the image's social card (a
 * page's own alt text for it stays its own).
 */
export async function updateMedia(db: Db, id: number, change: { alt?: string; focalPoint?: FocalPoint }): Promise<boolean> {
  const row = await db.selectFrom('media').select(['path', 'focalX', 'focalY', 'alt']).where('id', '=', id).executeTakeFirst();
  if (!row) return false;
  const focal = change.focalPoint;
  await db
    .updateTable('media')
    .set({
      ...(change.alt === undefined ? {} : { alt: change.alt }),
      ...(focal ? { focalX: focal.x, focalY: focal.y } : {}),
    })
    .where('id', '=', id)
    .execute();
  const refocused = focal !== undefined && (focal.x !== row.focalX || focal.y !== row.focalY);
  if (refocused || (change.alt !== undefined && change.alt !== row.alt)) recordWrite(TAG.media(row.path));
  return true;
}

/** Removes an item's row; the caller checked it is used nowhere and removes its files. */
export async function deleteMedia(db: Db, id: number): Promise<void> {
  await db.deleteFrom('media').where('id', '=', id).execute();
}

/** The focal point a page crops the image at `path` around; undefined for images outside the library. */
export async function focalPointOf(db: Db, path: string): Promise<FocalPoint | undefined> {
  if (!path.startsWith('/uploads/')) return undefined;
  recordRead(TAG.media(path));
  const row = await db.selectFrom('media').select(['focalX', 'focalY']).where('path', '=', path).executeTakeFirst();
  return row ? { x: row.focalX, y: row.focalY } : undefined;
}

/** The social card a page names for its share image: a 1200x630 crop, with the library's alt text for it ('' when none). */
export interface SocialCard {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * The card of a share image that is ours: an upload in the library (cropped around its focal point,
 * so the page reads its tag) or a hero preset (its shipped card). Undefined for anything else, which
 * a page names as it is.
 */
export async function socialCardOf(db: Db, src: string): Promise<SocialCard | undefined> {
  const preset = presetCardPath(src);
  if (preset !== undefined) return { url: preset, ...SOCIAL_CARD, alt: '' };
  if (uploadCardName(src, { x: 0.5, y: 0.5 }) === undefined) return undefined;
  recordRead(TAG.media(src));
  const row = await db.selectFrom('media').select(['focalX', 'focalY', 'alt']).where('path', '=', src).executeTakeFirst();
  if (!row) return undefined;
  return { url: `/uploads/${uploadCardName(src, { x: row.focalX, y: row.focalY })}`, ...SOCIAL_CARD, alt: row.alt };
}

/** A library item as an export carries it: not its id, nor who uploaded it (users are matched anew). */
export type TransferredMedia = Omit<MediaRow, 'id' | 'createdBy'>;

/** Every library item, by path: what an export carries. */
export function allMedia(db: Db): Promise<TransferredMedia[]> {
  return db
    .selectFrom('media')
    .select(['path', 'originalName', 'bytes', 'width', 'height', 'mime', 'alt', 'focalX', 'focalY', 'createdAt'])
    .orderBy('path')
    .execute();
}

/** Puts an import's library items back (their files come with the uploads folder), so every crop keeps its focal point. */
export async function putMedia(db: Db, items: readonly TransferredMedia[]): Promise<void> {
  for (const item of items) {
    await db
      .insertInto('media')
      .values(item)
      .onConflict((oc) => oc.column('path').doUpdateSet({ alt: item.alt, focalX: item.focalX, focalY: item.focalY }))
      .execute();
    recordWrite(TAG.media(item.path));
  }
}
