import { randomUUID } from 'node:crypto';
import type { Db } from '../db.ts';

/** A publish generation: its number, and an id no other database's generation of that number has. */
export interface SiteGeneration {
  generation: number;
  id: string;
}

// Generations kept: a site folder whose own record lags the database by more is rendered anew.
const KEEP = 16;

/** The generation of a database that has never been published. */
export const NO_GENERATION: SiteGeneration = { generation: 0, id: '' };

/**
 * Adds the next generation (run in the transaction that marks a publish's outbox entries done) and
 * drops those beyond the newest few; returns it.
 */
export async function recordGeneration(db: Db, now: string): Promise<SiteGeneration> {
  const added = await db
    .insertInto('siteGenerations')
    .values({ id: randomUUID(), createdAt: now })
    .returning(['generation', 'id'])
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('siteGenerations')
    .where('generation', '<=', added.generation - KEEP)
    .execute();
  return added;
}

/** The newest generation, or NO_GENERATION for a database never published. */
export async function currentGeneration(db: Db): Promise<SiteGeneration> {
  const row = await db.selectFrom('siteGenerations').select(['generation', 'id']).orderBy('generation', 'desc').limit(1).executeTakeFirst();
  return row ?? NO_GENERATION;
}

/**
 * Whether `generation` (what a site folder records) is one of this database's: the current one or
 * a recent one. False for a generation ahead of the database (the database is an older copy of the
 * one the folder was published from) and for one on another line (a copy that went its own way).
 */
export async function isKnownGeneration(db: Db, generation: SiteGeneration): Promise<boolean> {
  if (generation.generation === NO_GENERATION.generation) return generation.id === '' && (await currentGeneration(db)).generation === 0;
  const row = await db.selectFrom('siteGenerations').select('id').where('generation', '=', generation.generation).executeTakeFirst();
  return row?.id === generation.id;
}
