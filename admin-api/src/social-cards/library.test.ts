import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearRouteFailures, enqueueTags, markOutboxDone, pendingOutbox, recordMedia, recordRouteFailures } from '@forkcast/content-db';
import { createTempDb, FIXTURE_TIME, type TempDb } from '@forkcast/content-db/testing';
import { CardSweep } from './library.ts';

const HASH = '0123456789abcdef01234567';
const NOW = new Date('2025-06-01T12:00:00.000Z');

describe('the social card sweep', () => {
  let handle: TempDb;
  let dir: string;
  let sweep: CardSweep;
  const card = (focal: string) => `${HASH}-og-${focal}.jpg`;
  /** A card file made `days` before NOW (its bytes do not matter to the sweep). */
  const cardFile = (focal: string, days: number) => {
    const at = new Date(NOW.getTime() - days * 86_400_000);
    writeFileSync(join(dir, card(focal)), 'card');
    utimesSync(join(dir, card(focal)), at, at);
  };

  beforeEach(async () => {
    handle = await createTempDb();
    dir = mkdtempSync(join(tmpdir(), 'forkcast-sweep-'));
    sweep = new CardSweep({ db: handle.db, logger: pino({ level: 'silent' }), uploadDir: dir });
    const path = `/uploads/${HASH}.jpg`;
    await recordMedia(
      handle.db,
      { path, originalName: 'a.jpg', bytes: 1, width: 10, height: 10, mime: 'image/jpeg', createdBy: null },
      FIXTURE_TIME,
    );
    await handle.db.updateTable('media').set({ focalX: 0.2, focalY: 0.3 }).execute();
    writeFileSync(join(dir, `${HASH}.jpg`), 'master');
    cardFile('200-300', 5);
    cardFile('500-500', 5);
    cardFile('700-700', 0);
  });
  afterEach(async () => {
    await handle.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('removes the cards no item names once they are a day old, keeping the current one and the master', async () => {
    expect(await sweep.run(NOW)).toEqual([card('500-500')]);
    expect(readdirSync(dir).sort()).toEqual([card('200-300'), card('700-700'), `${HASH}.jpg`]);
  });

  it('removes nothing while a page may still name an older card: changes wait to be published, or a page is failing', async () => {
    await enqueueTags(handle.db, [`media:/uploads/${HASH}.jpg`], NOW.toISOString());
    expect(await sweep.run(NOW)).toEqual([]);
    await markOutboxDone(
      handle.db,
      (await pendingOutbox(handle.db)).map((entry) => entry.id),
      NOW.toISOString(),
    );
    await recordRouteFailures(handle.db, [{ path: '/post/a', error: 'boom' }], NOW.toISOString(), () => NOW.toISOString());
    expect(await sweep.run(NOW)).toEqual([]);
    expect(existsSync(join(dir, card('500-500')))).toBe(true);
    await clearRouteFailures(handle.db, ['/post/a']);
    expect(await sweep.run(NOW)).toEqual([card('500-500')]);
  });
});
