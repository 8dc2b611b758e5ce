import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContentDb } from './open.ts';
import { clearSearchIndex } from './search/documents.ts';
import { createTempDb, type TempDb } from './testing.ts';

let temp: TempDb;
beforeAll(async () => {
  temp = await createTempDb({ migrate: false });
});
afterAll(() => temp.cleanup());

/** Opens the file the way a command does, and says what its search index then holds. */
async function open(options?: Parameters<typeof openContentDb>[1]) {
  const { db, seeded } = await openContentDb(temp.path, options);
  try {
    const { rows } = await db
      .selectFrom('searchDocuments')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow();
    const state = await db.selectFrom('searchState').select('version').executeTakeFirst();
    await clearSearchIndex(db);
    return { seeded, rows, state };
  } finally {
    await db.destroy();
  }
}

describe('openContentDb', () => {
  it('seeds a new file and builds the search index a file lacks', async () => {
    const { seeded, rows, state } = await open();
    expect(seeded.postsAdded).toBeGreaterThan(0);
    expect(rows).toBeGreaterThan(seeded.postsAdded);
    expect(state?.version).toBeDefined();
    const reopened = await open();
    expect(reopened.seeded.postsAdded).toBe(0);
    expect(reopened.rows).toBe(rows);
  });

  it('leaves the search index alone when the caller builds it itself', async () => {
    const { rows, state } = await open({ searchIndex: false });
    expect(rows).toBe(0);
    expect(state).toBeUndefined();
  });
});
