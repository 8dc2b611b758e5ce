import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { useTempDb } from '../testing.ts';
import { getSetting, SETTING, setSetting } from './settings.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-02-01T00:00:00.000Z';

describe('settings repository', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  it('returns undefined for a setting never set', async () => {
    expect(await getSetting(db, SETTING.homepageHeroImage)).toBeUndefined();
  });

  it('stores a value and reads it back', async () => {
    await setSetting(db, SETTING.homepageHeroImage, '/images/presets/a.jpg', T0);
    expect(await getSetting(db, SETTING.homepageHeroImage)).toBe('/images/presets/a.jpg');
    expect(await db.selectFrom('settings').selectAll().execute()).toEqual([
      { key: 'homepage_hero_image', value: '/images/presets/a.jpg', updatedAt: T0 },
    ]);
  });

  it('overwrites an existing value and its updatedAt, keeping a single row', async () => {
    await setSetting(db, SETTING.homepageHeroImage, '/images/presets/a.jpg', T0);
    await setSetting(db, SETTING.homepageHeroImage, '/images/presets/b.jpg', T1);
    expect(await getSetting(db, SETTING.homepageHeroImage)).toBe('/images/presets/b.jpg');
    expect(await db.selectFrom('settings').selectAll().execute()).toEqual([
      { key: 'homepage_hero_image', value: '/images/presets/b.jpg', updatedAt: T1 },
    ]);
  });

  it('stores an empty string as a value, distinct from unset', async () => {
    await setSetting(db, SETTING.homepageHeroImage, '', T0);
    expect(await getSetting(db, SETTING.homepageHeroImage)).toBe('');
  });
});
