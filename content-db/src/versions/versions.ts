import { sql } from 'kysely';
import { chunks } from '../chunks.ts';
import type { Db } from '../db.ts';
import { loadState, type EntityRef, type EntityState } from '../revisions/entities.ts';
import type { RevisionEntity } from '../schema.ts';

/**
 * Which version of an editable entity (a post with its body, a city with its itinerary, the
 * homepage hero) a reader has: the id of its newest revision, 0 before its first recorded change.
 * Every write goes through commitChange, which keeps a revision of each entity whose state it
 * changed in the write's own transaction, so the version moves exactly when the entity changes and
 * never repeats (revision ids are never reused, across entities too). The newest revision is never
 * pruned, and it names the change that made it: who and when.
 */
export interface EntityVersion {
  version: number;
  /**
   * Who made the change that produced this version: the user's name (their address when the
   * change was made by someone since deleted; null for the server itself, and before the first
   * recorded change).
   */
  changedBy: string | null;
  /** When that change was made; null before the first recorded change. */
  changedAt: string | null;
}

const NEVER_CHANGED: EntityVersion = { version: 0, changedBy: null, changedAt: null };

/** An entity's current version and who made it (read it in the write's transaction to check a write against it). */
export async function entityVersion(db: Db, ref: EntityRef): Promise<EntityVersion> {
  const row = await db
    .selectFrom('revisions')
    .innerJoin('changes', 'changes.id', 'revisions.changeId')
    .leftJoin('users', 'users.id', 'changes.userId')
    .select(['revisions.id', 'changes.createdAt', sql<string | null>`coalesce(users.name, changes.actor)`.as('actor')])
    .where('revisions.entity', '=', ref.entity)
    .where('revisions.entityId', '=', ref.id)
    .orderBy('revisions.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { version: row.id, changedBy: row.actor, changedAt: row.createdAt } : NEVER_CHANGED;
}

/** The current version of each of the given posts or cities, by id (0 for one never changed). */
export async function entityVersions(db: Db, entity: RevisionEntity, ids: readonly number[]): Promise<Map<number, number>> {
  const versions = new Map(ids.map((id) => [id, 0]));
  if (ids.length === 0) return versions;
  for (const slice of chunks([...versions.keys()])) {
    const rows = await db
      .selectFrom('revisions')
      .select(['entityId', (eb) => eb.fn.max('id').as('version')])
      .where('entity', '=', entity)
      .where('entityId', 'in', slice)
      .groupBy('entityId')
      .execute();
    for (const row of rows) versions.set(row.entityId, Number(row.version));
  }
  return versions;
}

/**
 * The state an entity had at `version`, for showing what changed since: the revision's state, or
 * for version 0 the state before its first recorded change (its 'earlier' revision, or the current
 * state if it has never changed). Undefined when that version is not kept, or is not one of this
 * entity's.
 */
export async function stateAtVersion(db: Db, ref: EntityRef, version: number): Promise<EntityState | null | undefined> {
  const ofEntity = db
    .selectFrom('revisions')
    .select(['id', 'kind', 'state'])
    .where('entity', '=', ref.entity)
    .where('entityId', '=', ref.id);
  if (version === 0) {
    const first = await ofEntity.orderBy('id').limit(1).executeTakeFirst();
    if (!first) return loadState(db, ref);
    return first.kind === 'earlier' && first.state !== null ? (JSON.parse(first.state) as EntityState) : undefined;
  }
  const row = await ofEntity.where('id', '=', version).executeTakeFirst();
  if (!row) return undefined;
  return row.state === null ? null : (JSON.parse(row.state) as EntityState);
}
