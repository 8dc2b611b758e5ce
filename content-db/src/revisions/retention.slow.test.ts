import { statSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitChange } from '../changes.ts';
import { createBlock, updateBlock } from '../repositories/content-blocks.ts';
import { deleteDoneOutbox, markOutboxDone, pendingOutbox } from '../repositories/outbox.ts';
import { insertPost } from '../repositories/posts.ts';
import { createTempDb, type TempDb } from '../testing.ts';
import { KEEP_DAYS, KEEP_REVISIONS, purgeExpired } from './store.ts';

const HOUR_MS = 60 * 60 * 1000;
const START = Date.parse('2025-01-01T00:00:00.000Z');
const EDITS = 10_000;
const PARAGRAPH = 'Steam rises from the counter as the broth is ladled, and the queue moves a step closer to the door. '.repeat(4);

describe('retention: the database under 10,000 edits of one block', () => {
  let handle: TempDb;
  beforeEach(async () => {
    handle = await createTempDb();
  });
  afterEach(() => handle.cleanup());

  /** The database file's size once the write-ahead log is folded into it. */
  async function fileBytes(): Promise<number> {
    await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
    return statSync(handle.path).size;
  }

  const revisionCount = async () => Number((await sql<{ n: number }>`select count(*) as n from revisions`.execute(handle.db)).rows[0]!.n);

  // Ten thousand real transactions take a while on a small machine.
  it('grows linearly while edits are younger than 30 days, then stays bounded', { timeout: 300_000 }, async () => {
    const { db } = handle;
    const at = (hour: number) => new Date(START + hour * HOUR_MS).toISOString();
    const postId = await insertPost(db, {
      slug: 'ramen-notes',
      title: 'Ramen notes',
      type: 'post',
      content: Array.from({ length: 6 }, () => PARAGRAPH).join('\n\n'),
      cityId: null,
      publishedAt: at(0),
      createdAt: at(0),
      updatedAt: at(0),
    });
    const block = await createBlock(db, { postId, content: 'First version.', position: 2, isOriginal: true, now: at(0) });
    const base = await fileBytes();

    // One edit an hour: after 720 edits the oldest start passing 30 days.
    const sizes = new Map<number, number>();
    const counts = new Map<number, number>();
    for (let edit = 1; edit <= EDITS; edit++) {
      const now = at(edit);
      await commitChange(db, (trx) => updateBlock(trx, postId, block.id, `Version ${edit}: ${PARAGRAPH.slice(0, 120)}`, now), {
        actor: 'editor@forkcast.test',
        now,
      });
      // What the server does around it: the publisher marks the change published, and the hourly
      // sweeps (here once a day of edits) purge what retention lets go: old revisions, and
      // published outbox entries older than a week.
      await markOutboxDone(
        db,
        (await pendingOutbox(db)).map((entry) => entry.id),
        now,
      );
      if (edit % 24 === 0) {
        await purgeExpired(db, now);
        await deleteDoneOutbox(db, at(edit - 7 * 24), 10_000);
      }
      if ([360, 720, 2_000, 5_000, EDITS].includes(edit)) {
        sizes.set(edit, await fileBytes());
        counts.set(edit, await revisionCount());
      }
    }

    const window = KEEP_DAYS * 24;
    // Every revision younger than 30 days is kept (plus the one exactly 30 days old, and the first state).
    expect(counts.get(360)).toBe(360 + 1);
    expect(counts.get(EDITS)).toBeLessThanOrEqual(window + 1);
    expect(counts.get(EDITS)).toBeGreaterThanOrEqual(Math.max(KEEP_REVISIONS, window));
    // Linear: the second 360 edits cost what the first 360 did, within 25%.
    const first = sizes.get(360)! - base;
    const second = sizes.get(720)! - sizes.get(360)!;
    expect(Math.abs(second - first) / first, JSON.stringify(Object.fromEntries(sizes))).toBeLessThan(0.25);
    // Bounded: once pruning starts, the file no longer grows (freed pages are reused).
    expect(sizes.get(EDITS)!, JSON.stringify(Object.fromEntries(sizes))).toBeLessThanOrEqual(sizes.get(2_000)! * 1.05);
    expect(sizes.get(5_000)!).toBeLessThanOrEqual(sizes.get(2_000)! * 1.05);

    // The sweep keeps the newest KEEP_REVISIONS of an entity nobody has edited for a long time.
    await purgeExpired(db, at(EDITS + 24 * 365));
    expect(await revisionCount()).toBe(KEEP_REVISIONS);
  });
});
