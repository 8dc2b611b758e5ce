import type { Db } from '../db.ts';
import { TAG } from '../tags.ts';
import { recordRead, recordWrite } from '../tracking.ts';

export interface Redirect {
  fromPath: string;
  toPath: string;
}

/**
 * Remembers that what lived at `from` now lives at `to`. Older redirects to `from` are pointed at
 * `to` as well, so a reader never follows a chain; a redirect away from `to` is dropped, because
 * `to` is a live page again (a slug changed back).
 */
export async function addRedirect(db: Db, from: string, to: string, now: string): Promise<void> {
  if (from === to) return;
  recordWrite(TAG.redirects);
  await db.deleteFrom('redirects').where('fromPath', '=', to).execute();
  await db.updateTable('redirects').set({ toPath: to }).where('toPath', '=', from).execute();
  await db
    .insertInto('redirects')
    .values({ fromPath: from, toPath: to, createdAt: now })
    .onConflict((oc) => oc.column('fromPath').doUpdateSet({ toPath: to, createdAt: now }))
    .execute();
}

/** Forgets every redirect to `to` (what lived there is gone, so they would only lead to a 404). */
export async function removeRedirectsTo(db: Db, to: string): Promise<void> {
  const result = await db.deleteFrom('redirects').where('toPath', '=', to).executeTakeFirst();
  if (result.numDeletedRows > 0n) recordWrite(TAG.redirects);
}

/** Forgets the redirect away from `from`, which is a live page again (a new post took its URL). */
export async function removeRedirectFrom(db: Db, from: string): Promise<void> {
  const result = await db.deleteFrom('redirects').where('fromPath', '=', from).executeTakeFirst();
  if (result.numDeletedRows > 0n) recordWrite(TAG.redirects);
}

/** Every stored redirect, by old path. */
export async function listRedirects(db: Db): Promise<Redirect[]> {
  recordRead(TAG.redirects);
  return db.selectFrom('redirects').select(['fromPath', 'toPath']).orderBy('fromPath').execute();
}

/** Where a path that a post or city left behind leads now, if it is one. */
export async function findRedirect(db: Db, from: string): Promise<string | undefined> {
  const row = await db.selectFrom('redirects').select('toPath').where('fromPath', '=', from).executeTakeFirst();
  return row?.toPath;
}

/** Every stored redirect with when it was made, by old path: what an export carries. */
export function allRedirects(db: Db): Promise<(Redirect & { createdAt: string })[]> {
  return db.selectFrom('redirects').select(['fromPath', 'toPath', 'createdAt']).orderBy('fromPath').execute();
}

/** Replaces every stored redirect with `redirects` (an import's). */
export async function replaceRedirects(db: Db, redirects: readonly (Redirect & { createdAt: string })[]): Promise<void> {
  recordWrite(TAG.redirects);
  await db.deleteFrom('redirects').execute();
  if (redirects.length > 0)
    await db
      .insertInto('redirects')
      .values([...redirects])
      .execute();
}
