import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db.ts';
import { TAG } from '../tags.ts';
import { recordRead, recordWrite } from '../tracking.ts';

/** The keys the product stores in `settings`. */
export const SETTING = {
  homepageHeroImage: 'homepage_hero_image',
  /** The homepage hero's alt text, replaced together with the image. */
  homepageHeroAlt: 'homepage_hero_alt',
  /** A random id given to a database when it is created, so a site folder knows which one it shows. */
  databaseId: 'database_id',
  /** When the seed content was first added; later starts leave the content to the editor. */
  seededAt: 'seeded_at',
  /** The random key newsletter links (confirm, unsubscribe) are signed with; never leaves the server. */
  newsletterSecret: 'newsletter_secret',
} as const;

export type SettingKey = (typeof SETTING)[keyof typeof SETTING];

export async function getSetting(db: Db, key: SettingKey): Promise<string | undefined> {
  recordRead(TAG.setting(key));
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function setSetting(db: Db, key: SettingKey, value: string, now: string): Promise<void> {
  recordWrite(TAG.setting(key));
  await db
    .insertInto('settings')
    .values({ key, value, updatedAt: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now }))
    .execute();
}

/** A random secret kept under `key`, created on first use; the same value ever after. */
export async function ensureSecret(db: Db, key: SettingKey, now: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value: randomBytes(32).toString('base64url'), updatedAt: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

/** The database's id, created on first use. */
export async function ensureDatabaseId(db: Db, now: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key: SETTING.databaseId, value: randomUUID(), updatedAt: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await getSetting(db, SETTING.databaseId))!;
}
