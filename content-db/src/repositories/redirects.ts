import { sql } from 'kysely';
import type { Db } from '../db.ts';
import type { RedirectSource } from '@forkcast/shared/contracts';
import type { RedirectStatus } from '@forkcast/shared/urls';
import { TAG } from '../tags.ts';
import { recordRead, recordWrite } from '../tracking.ts';

export interface Redirect {
  fromPath: string;
  toPath: string;
  status: RedirectStatus;
}

/** A redirect as the API lists it. */
export interface StoredRedirect extends Redirect {
  id: number;
  source: RedirectSource;
  createdAt: string;
}

/** A redirect as an export carries it (the id is the importing site's own). */
export type TransferredRedirect = Omit<StoredRedirect, 'id'>;

const STORED_COLUMNS = ['id', 'fromPath', 'toPath', 'status', 'source', 'createdAt'] as const;

/**
 * Remembers that what lived at `from` now lives at `to`. Older redirects to `from` (an editor's
 * too) are pointed at `to` as well, so a reader never follows a chain; a redirect away from `to`
 * is dropped, because `to` is a live page again (a slug changed back).
 */
export async function addRedirect(db: Db, from: string, to: string, now: string): Promise<void> {
  if (from === to) return;
  recordWrite(TAG.redirects);
  await db.deleteFrom('redirects').where('fromPath', '=', to).execute();
  await db.updateTable('redirects').set({ toPath: to }).where('toPath', '=', from).execute();
  await db
    .insertInto('redirects')
    .values({ fromPath: from, toPath: to, createdAt: now })
    .onConflict((oc) => oc.column('fromPath').doUpdateSet({ toPath: to, status: 301, source: 'automatic', createdAt: now }))
    .execute();
}

/**
 * Forgets the automatic redirects to `to` (what lived there is gone, so they would only lead to a
 * 404). An editor's stay: they made it on purpose, and remove it themselves.
 */
export async function removeRedirectsTo(db: Db, to: string): Promise<void> {
  const result = await db.deleteFrom('redirects').where('toPath', '=', to).where('source', '=', 'automatic').executeTakeFirst();
  if (result.numDeletedRows > 0n) recordWrite(TAG.redirects);
}

/** Forgets the redirect away from `from`, which is a live page again (a new post took its URL). */
export async function removeRedirectFrom(db: Db, from: string): Promise<void> {
  const result = await db.deleteFrom('redirects').where('fromPath', '=', from).executeTakeFirst();
  if (result.numDeletedRows > 0n) recordWrite(TAG.redirects);
}

/** Every stored redirect, by old path: what the `_redirects` file lists. */
export async function listRedirects(db: Db): Promise<Redirect[]> {
  recordRead(TAG.redirects);
  return db.selectFrom('redirects').select(['fromPath', 'toPath', 'status']).orderBy('fromPath').execute();
}

/** Where a path answered with a redirect leads now, and how, if it is one. */
export async function findRedirect(db: Db, from: string): Promise<Omit<Redirect, 'fromPath'> | undefined> {
  return db.selectFrom('redirects').select(['toPath', 'status']).where('fromPath', '=', from).executeTakeFirst();
}

/** The redirects that lead to the path `to`, with or without a query string. */
export function findRedirectsTo(db: Db, to: string): Promise<StoredRedirect[]> {
  return db
    .selectFrom('redirects')
    .select(STORED_COLUMNS)
    .where(sql<boolean>`to_path = ${to} or substr(to_path, 1, ${to.length + 1}) = ${`${to}?`}`)
    .orderBy('fromPath')
    .execute();
}

/** Every stored redirect with its id, source and age, by old path: what the API lists. */
export function listStoredRedirects(db: Db): Promise<StoredRedirect[]> {
  return db.selectFrom('redirects').select(STORED_COLUMNS).orderBy('fromPath').execute();
}

/** Adds an editor's redirect (the caller has checked it makes no loop or chain) and returns its id. */
export async function createRedirect(db: Db, redirect: Redirect, now: string): Promise<number> {
  recordWrite(TAG.redirects);
  const row = await db
    .insertInto('redirects')
    .values({ ...redirect, source: 'editor', createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes a redirect by id; false when there is none. */
export async function deleteRedirect(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('redirects').where('id', '=', id).executeTakeFirst();
  if (result.numDeletedRows === 0n) return false;
  recordWrite(TAG.redirects);
  return true;
}

/** Every stored redirect as an export carries it, by old path. */
export function allRedirects(db: Db): Promise<TransferredRedirect[]> {
  return db.selectFrom('redirects').select(['fromPath', 'toPath', 'status', 'source', 'createdAt']).orderBy('fromPath').execute();
}

/** Replaces every stored redirect with `redirects` (an import's). */
export async function replaceRedirects(db: Db, redirects: readonly TransferredRedirect[]): Promise<void> {
  recordWrite(TAG.redirects);
  await db.deleteFrom('redirects').execute();
  if (redirects.length > 0)
    await db
      .insertInto('redirects')
      .values([...redirects])
      .execute();
}
