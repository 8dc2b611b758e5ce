import type { Db } from '../db.ts';
import { allMedia } from '../repositories/media.ts';
import { allRedirects } from '../repositories/redirects.ts';
import { allSitePages } from '../repositories/site-pages.ts';
import { loadState, type CityState, type HeroState, HOME_HERO, type PostState } from '../revisions/entities.ts';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportDocument } from './document.ts';

/**
 * The whole content of the site as one document (see ExportDocument), in id order so two exports
 * of the same content are the same bytes but for their time. Read in one transaction by the caller
 * when it must be one moment's content.
 */
export async function exportContent(
  db: Db,
  options: { now: string; site: ExportDocument['site']; subscribers: boolean },
): Promise<ExportDocument> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'slug', 'bio', 'avatar', 'role', 'createdAt', 'updatedAt'])
    .orderBy('id')
    .execute();
  const cities: CityState[] = [];
  for (const { id } of await db.selectFrom('cities').select('id').orderBy('id').execute()) {
    cities.push((await loadState(db, { entity: 'city', id })) as CityState);
  }
  const posts: PostState[] = [];
  for (const { id } of await db.selectFrom('posts').select('id').orderBy('id').execute()) {
    posts.push((await loadState(db, { entity: 'post', id })) as PostState);
  }
  const hero = (await loadState(db, HOME_HERO)) as HeroState;
  const document: ExportDocument = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: options.now,
    site: options.site,
    users,
    cities,
    posts,
    hero,
    redirects: await allRedirects(db),
    pages: await allSitePages(db),
    media: await allMedia(db),
  };
  if (options.subscribers) {
    document.subscribers = await db
      .selectFrom('newsletterSubscribers')
      .select(['email', 'status', 'subscribedAt', 'confirmedAt', 'unsubscribedAt', 'bouncedAt'])
      .orderBy('id')
      .execute();
  }
  return document;
}
