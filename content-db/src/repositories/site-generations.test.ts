import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb, snapshotDb, type Db } from '../db.ts';
import { useTempDb } from '../testing.ts';
import { currentGeneration, isKnownGeneration, NO_GENERATION, recordGeneration } from './site-generations.ts';

const T0 = '2025-01-01T00:00:00.000Z';

describe('site generations', () => {
  let db: Db;
  useTempDb((fresh) => {
    db = fresh;
  });

  it('numbers each publish, and knows the current and recent ones', async () => {
    expect(await currentGeneration(db)).toEqual(NO_GENERATION);
    expect(await isKnownGeneration(db, NO_GENERATION)).toBe(true);
    const first = await recordGeneration(db, T0);
    const second = await recordGeneration(db, T0);
    expect(second.generation).toBe(first.generation + 1);
    expect(second.id).not.toBe(first.id);
    expect(await currentGeneration(db)).toEqual(second);
    // A folder whose record lags a publish still shows this database's content.
    expect(await isKnownGeneration(db, first)).toBe(true);
    expect(await isKnownGeneration(db, second)).toBe(true);
    // A folder that recorded nothing since the first publish, or far behind, is not trusted.
    expect(await isKnownGeneration(db, NO_GENERATION)).toBe(false);
    for (let i = 0; i < 16; i++) await recordGeneration(db, T0);
    expect(await isKnownGeneration(db, first)).toBe(false);
  });

  it('tells a folder ahead of the database, or on another line of its publishes', async () => {
    const shared = await recordGeneration(db, T0);
    const dir = mkdtempSync(join(tmpdir(), 'forkcast-copy-'));
    const copyPath = join(dir, 'copy.db');
    await snapshotDb(db, copyPath);
    const copy = createDb(copyPath);
    try {
      const ahead = await recordGeneration(db, T0);
      // The copy is older: the folder published from the original is ahead of it.
      expect(await isKnownGeneration(copy, ahead)).toBe(false);
      expect(await isKnownGeneration(copy, shared)).toBe(true);
      // The copy goes its own way: its generation of the same number is another one.
      const elsewhere = await recordGeneration(copy, T0);
      expect(elsewhere.generation).toBe(ahead.generation);
      expect(await isKnownGeneration(copy, ahead)).toBe(false);
      expect(await isKnownGeneration(db, elsewhere)).toBe(false);
    } finally {
      await copy.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
