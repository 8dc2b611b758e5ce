import { sql, type Kysely } from 'kysely';

/**
 * The search index forgets a deleted document's words at once: without FTS5's secure-delete, a delete
 * only adds a marker and the words stay in the index until a merge, so text deleted for good could
 * still be read off the disk. Rebuilding rewrites today's index without what was deleted before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into search_index (search_index, rank) values ('secure-delete', 1)`.execute(db);
  await sql`insert into search_index (search_index) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`insert into search_index (search_index, rank) values ('secure-delete', 0)`.execute(db);
}
