import type { ImportReport } from '@forkcast/shared/contracts';
import type { Db } from '../db.ts';
import { putMedia } from '../repositories/media.ts';
import { replaceRedirects } from '../repositories/redirects.ts';
import { putSitePages } from '../repositories/site-pages.ts';
import { createUser, NO_PASSWORD, updateProfile } from '../repositories/users.ts';
import { putCityState, putHeroState, putPostState } from '../revisions/restore-rows.ts';
import type { ExportDocument } from './document.ts';

/** Why an import was refused before it changed anything, in words the admin shows. */
export class ImportRefusal extends Error {
  override name = 'ImportRefusal';
}

export type { ImportReport };

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

async function count(db: Db, table: 'posts' | 'cities'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Takes an export into this site, which must hold no posts and no cities: every city and post
 * goes back with its id, its body or itinerary and its dates, the redirects left by old addresses too, so the site renders as the source
 * did. A user is matched to the one here with the same address, else created with their id (when
 * free) and without a password (they set one through "Forgot password"); the source's owner joins
 * as an administrator, as this site has its own. Subscribers already on the list are left as they
 * are. Run it inside commitChange: like a restore it records the tags it changes, so the pages are
 * published, and the revisions history keeps.
 */
export async function importContent(db: Db, document: ExportDocument, now: string): Promise<ImportReport> {
  const posts = await count(db, 'posts');
  const cities = await count(db, 'cities');
  if (posts + cities > 0) {
    throw new ImportRefusal(
      `An import goes into an empty site, and this one has ${plural(posts, 'post')} and ${plural(cities, 'city', 'cities')}. Move them to the trash and empty it first.`,
    );
  }
  const report: ImportReport = { users: { created: 0, matched: 0 }, cities: 0, posts: 0, subscribers: { created: 0, skipped: 0 } };
  const userIds = new Map<number, number>();
  for (const user of document.users) {
    const existing = await db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirst();
    const slugTaken = await db.selectFrom('users').select('id').where('slug', '=', user.slug).executeTakeFirst();
    const slugFree = !slugTaken || slugTaken.id === existing?.id;
    let id: number;
    if (existing) {
      id = existing.id;
      await updateProfile(db, id, { name: user.name, bio: user.bio, avatar: user.avatar, ...(slugFree ? { slug: user.slug } : {}) }, now);
      report.users.matched++;
    } else {
      const idTaken = await db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst();
      id = await createUser(db, {
        ...(idTaken ? {} : { id: user.id }),
        email: user.email,
        passwordHash: NO_PASSWORD,
        name: user.name,
        ...(slugFree ? { slug: user.slug } : {}),
        bio: user.bio,
        avatar: user.avatar,
        role: user.role === 'owner' ? 'administrator' : user.role,
        now,
      });
      report.users.created++;
    }
    await db.updateTable('users').set({ createdAt: user.createdAt, updatedAt: user.updatedAt }).where('id', '=', id).execute();
    userIds.set(user.id, id);
  }
  for (const city of document.cities) {
    await putCityState(db, city);
    report.cities++;
  }
  for (const post of document.posts) {
    await putPostState(db, { ...post, authorIds: post.authorIds.map((id) => userIds.get(id) ?? id) });
    report.posts++;
  }
  await putHeroState(db, document.hero, now);
  await putSitePages(db, document.pages);
  await putMedia(db, document.media);
  // Last, as adding users may have added or dropped redirects of author pages.
  await replaceRedirects(db, document.redirects);
  for (const subscriber of document.subscribers ?? []) {
    const known = await db.selectFrom('newsletterSubscribers').select('id').where('email', '=', subscriber.email).executeTakeFirst();
    if (known) {
      report.subscribers.skipped++;
      continue;
    }
    await db
      .insertInto('newsletterSubscribers')
      .values({ ...subscriber, confirmationSentAt: null })
      .execute();
    report.subscribers.created++;
  }
  return report;
}
