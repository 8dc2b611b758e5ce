import type { Kysely } from 'kysely';

/**
 * The search rows of one kind by their page's address: an author's change looks up every author
 * row to find those of its pages, and without an index that read every row of the table, each
 * post's body with it, so a new post cost more the bigger the archive.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('search_documents_kind').on('search_documents').columns(['kind', 'url']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('search_documents_kind').execute();
}
