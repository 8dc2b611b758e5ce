import { loadState, stateAtVersion, type Db, type EntityRef, type EntityVersion } from '@forkcast/content-db';
import type { ApiError } from '../errors.ts';
import { errors } from '../errors.ts';
import { diffNames, diffStates } from '../revisions/diff.ts';

const NOUN = { post: 'post', city: 'city', hero: 'homepage hero', page: 'page' } as const;

/** The sentence a stale write is refused with: who changed the entity, and when. */
function staleMessage(ref: EntityRef, current: EntityVersion): string {
  const noun = NOUN[ref.entity];
  const what =
    current.changedAt === null
      ? `This ${noun} is not at the version this change was made to.`
      : `${current.changedBy ?? 'The server'} changed this ${noun} at ${current.changedAt}, after the version this change was made to.`;
  return `${what} Nothing was saved: read the ${noun} again, or send the change again with its current version.`;
}

/**
 * The 412 for a write made to version `base` of an entity that is at `current` now: who changed it
 * and when, and what changed since `base` field by field (the history's word diff), so an editor
 * can show their change beside its own. Read in the write's transaction, which then rolls back.
 */
export async function staleVersion(db: Db, ref: EntityRef, current: EntityVersion, base: number | undefined): Promise<ApiError> {
  const before = base === undefined ? undefined : await stateAtVersion(db, ref, base);
  const changes = before === undefined ? [] : diffStates(ref, before, await loadState(db, ref), await diffNames(db));
  return errors.staleVersion(staleMessage(ref, current), {
    currentVersion: current.version,
    changedBy: current.changedBy,
    changedAt: current.changedAt,
    changes,
  });
}
