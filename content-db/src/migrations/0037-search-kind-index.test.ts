import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempDb, type TempDb } from '../testing.ts';

describe('migration 0037: search rows by kind', () => {
  let handle: TempDb;
  afterEach(() => handle.cleanup());

  it("finds the author rows from an index, not by reading every row's body", async () => {
    handle = await createTempDb();
    const plan = await sql<{ detail: string }>`explain query plan select id, url from search_documents where kind = 'author'`.execute(
      handle.db,
    );
    expect(plan.rows.map((row) => row.detail)).toEqual([expect.stringMatching(/USING COVERING INDEX search_documents_kind/)]);
  });
});
