import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db.ts';
import { TAG } from '../tags.ts';
import { recordRead, recordWrite } from '../tracking.ts';
import { HOME_HERO } from '../revisions/entities.ts';
import { recordBefore } from '../revisions/capture.ts';
import { SETTING, type SettingKey } from './setting-keys.ts';

export { SETTING, type SettingKey } from './setting-keys.ts';

export async function getSetting(db: Db, key: SettingKey): Promise<string | undefined> {
  recordRead(TAG.setting(key));
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** The settings readers see on the homepage: changing one is a change of its hero, and kept in its history. */
const HERO_KEYS: readonly SettingKey[] = [SETTING.homepageHeroImage, SETTING.homepageHeroAlt];

export async function setSetting(db: Db, key: SettingKey, value: string, now: string): Promise<void> {
  recordWrite(TAG.setting(key));
  if (HERO_KEYS.includes(key)) await recordBefore(db, HOME_HERO);
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
