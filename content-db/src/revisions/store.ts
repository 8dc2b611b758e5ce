import { sql } from 'kysely';
import { chunks } from '../chunks.ts';
import type { Db } from '../db.ts';
import type { RevisionEntity, TrashKind } from '../schema.ts';
import type { Captured } from './capture.ts';
import { describeChange, type ChangeAction } from './describe.ts';
import { entityKey, loadState, stateTitle, type EntityRef, type EntityState } from './entities.ts';

/** Revisions kept per entity: at least the newest KEEP_REVISIONS, and every one younger than KEEP_DAYS. */
export const KEEP_REVISIONS = 50;
export const KEEP_DAYS = 30;
/** Days a deleted thing waits in the trash before it is purged. */
export const TRASH_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who made a change, and why. */
export interface ChangeMeta {
  /** The user's email; null for the server itself. */
  actor?: string | null;
  /** The user's id; null for the server itself. */
  userId?: number | null;
  action?: ChangeAction;
}

export interface Revision {
  id: number;
  changeId: number;
  entity: RevisionEntity;
  entityId: number;
  kind: string;
  summary: string;
  title: string;
  createdAt: string;
  /** The user's name (their email when the user is gone); null for the server itself. */
  actor: string | null;
  actorId: number | null;
}

export interface RevisionWithState extends Revision {
  state: EntityState | null;
}

const parse = (state: string | null): EntityState | null => (state === null ? null : (JSON.parse(state) as EntityState));
const daysBefore = (now: string, days: number) => new Date(Date.parse(now) - days * DAY_MS).toISOString();

/** The newest revision of an entity (its id, and its state as stored), or undefined when it has none. */
async function latestRevision(db: Db, ref: EntityRef): Promise<{ id: number; state: string | null } | undefined> {
  return db
    .selectFrom('revisions')
    .select(['id', 'state'])
    .where('entity', '=', ref.entity)
    .where('entityId', '=', ref.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Drops an entity's revisions beyond what is kept: those older than KEEP_DAYS that are not among its
 * newest KEEP_REVISIONS.
 */
async function prune(db: Db, ref: EntityRef, now: string): Promise<void> {
  const floor = await db
    .selectFrom('revisions')
    .select('id')
    .where('entity', '=', ref.entity)
    .where('entityId', '=', ref.id)
    .orderBy('id', 'desc')
    .offset(KEEP_REVISIONS - 1)
    .limit(1)
    .executeTakeFirst();
  if (!floor) return;
  const gone = await db
    .deleteFrom('revisions')
    .where('entity', '=', ref.entity)
    .where('entityId', '=', ref.id)
    .where('id', '<', floor.id)
    .where('createdAt', '<', daysBefore(now, KEEP_DAYS))
    .returning('changeId')
    .execute();
  // Their changes go with them unless something else still belongs to them.
  const changeIds = [...new Set(gone.map((row) => row.changeId))];
  for (const slice of chunks(changeIds)) {
    await db
      .deleteFrom('changes')
      .where('id', 'in', slice)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('revisions').select('id').whereRef('revisions.changeId', '=', 'changes.id'))))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('trash').select('id').whereRef('trash.changeId', '=', 'changes.id'))))
      .execute();
  }
}

/**
 * Stores what a change did, in the caller's transaction: one change row, a revision with the new
 * state of every entity whose state changed, and the trash rows of what it deleted. An entity whose
 * newest revision is not the state the change started from (never revised yet, or changed by a
 * path that keeps no history, such as the seed) first gets that state as an 'earlier' revision, so
 * the version before every change stays restorable. Returns the change's id (undefined when nothing
 * needed keeping) and the new revision of each entity whose state changed, by entityKey: its
 * version from now on (see versions/versions.ts).
 */
export async function storeChange(
  db: Db,
  captured: Captured,
  meta: ChangeMeta,
  now: string,
): Promise<{ changeId: number | undefined; versions: Map<string, number> }> {
  const changed: { ref: EntityRef; before: string | null; after: string | null }[] = [];
  for (const { ref, before } of captured.touched) {
    const state = await loadState(db, ref);
    const after = state === null ? null : JSON.stringify(state);
    if (after !== before) changed.push({ ref, before, after });
  }
  const versions = new Map<string, number>();
  if (changed.length === 0 && captured.trashed.length === 0) return { changeId: undefined, versions };
  const { id: changeId } = await db
    .insertInto('changes')
    .values({ createdAt: now, actor: meta.actor ?? null, userId: meta.userId ?? null, action: meta.action ?? 'edit' })
    .returning('id')
    .executeTakeFirstOrThrow();

  for (const { ref, before, after } of changed) {
    const beforeState = parse(before);
    const afterState = parse(after);
    const latest = await latestRevision(db, ref);
    if (before !== null && latest?.state !== before) {
      const updatedAt =
        beforeState && 'post' in beforeState
          ? beforeState.post.updatedAt
          : beforeState && 'city' in beforeState
            ? beforeState.city.updatedAt
            : beforeState && 'page' in beforeState
              ? beforeState.page.updatedAt
              : now;
      await db
        .insertInto('revisions')
        .values({
          changeId,
          entity: ref.entity,
          entityId: ref.id,
          kind: 'earlier',
          summary: latest ? 'Changed outside the editor' : 'As it was before its first recorded change',
          title: stateTitle(ref, beforeState),
          state: before,
          createdAt: updatedAt < now ? updatedAt : now,
        })
        .execute();
    }
    const { kind, summary } = describeChange(ref, beforeState, afterState, meta.action ?? 'edit');
    const revision = await db
      .insertInto('revisions')
      .values({
        changeId,
        entity: ref.entity,
        entityId: ref.id,
        kind,
        summary,
        title: stateTitle(ref, afterState ?? beforeState),
        state: after,
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    versions.set(entityKey(ref), revision.id);
    await prune(db, ref, now);
  }

  for (const trashed of captured.trashed) {
    const row = {
      kind: trashed.kind,
      entityId: trashed.id,
      title: trashed.title,
      snapshot: JSON.stringify(trashed.state),
      deletedAt: now,
      deletedBy: meta.actor ?? null,
      changeId,
    };
    await db
      .insertInto('trash')
      .values(row)
      .onConflict((oc) => oc.columns(['kind', 'entityId']).doUpdateSet(row))
      .execute();
  }
  return { changeId, versions };
}

const revisionColumns = [
  'revisions.id',
  'revisions.changeId',
  'revisions.entity',
  'revisions.entityId',
  'revisions.kind',
  'revisions.summary',
  'revisions.title',
  'revisions.createdAt',
  'changes.userId as actorId',
] as const;

// A change names its user as they are called now; one whose user is gone, by the email it kept.
const actorName = sql<string | null>`coalesce(users.name, changes.actor)`.as('actor');

function revisionsWithActor(db: Db) {
  return db
    .selectFrom('revisions')
    .innerJoin('changes', 'changes.id', 'revisions.changeId')
    .leftJoin('users', 'users.id', 'changes.userId')
    .select(actorName);
}

/** An entity's revisions, newest first. */
export function listRevisions(db: Db, ref: EntityRef): Promise<Revision[]> {
  return revisionsWithActor(db)
    .select(revisionColumns)
    .where('revisions.entity', '=', ref.entity)
    .where('revisions.entityId', '=', ref.id)
    .orderBy('revisions.id', 'desc')
    .execute();
}

/** The newest revisions of every entity, newest first (the dashboard's recent changes); 'earlier' states are left out. */
export function recentRevisions(db: Db, limit: number): Promise<Revision[]> {
  return revisionsWithActor(db)
    .select(revisionColumns)
    .where('revisions.kind', '!=', 'earlier')
    .orderBy('revisions.id', 'desc')
    .limit(limit)
    .execute();
}

export async function getRevision(db: Db, id: number): Promise<RevisionWithState | undefined> {
  const row = await revisionsWithActor(db)
    .select([...revisionColumns, 'revisions.state'])
    .where('revisions.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, state: parse(row.state) };
}

/** The revision of the same entity just before `revision`, if it is still kept. */
export async function previousRevision(
  db: Db,
  revision: Pick<Revision, 'id' | 'entity' | 'entityId'>,
): Promise<RevisionWithState | undefined> {
  const row = await revisionsWithActor(db)
    .select([...revisionColumns, 'revisions.state'])
    .where('revisions.entity', '=', revision.entity)
    .where('revisions.entityId', '=', revision.entityId)
    .where('revisions.id', '<', revision.id)
    .orderBy('revisions.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { ...row, state: parse(row.state) };
}

/** Whether `revision` is its entity's newest. */
export async function isLatestRevision(db: Db, revision: Pick<Revision, 'id' | 'entity' | 'entityId'>): Promise<boolean> {
  return (await latestRevision(db, { entity: revision.entity, id: revision.entityId }))?.id === revision.id;
}

/** The revisions one change made (its 'earlier' states left out), oldest first. */
export async function revisionsOfChange(db: Db, changeId: number): Promise<RevisionWithState[]> {
  const rows = await revisionsWithActor(db)
    .select([...revisionColumns, 'revisions.state'])
    .where('revisions.changeId', '=', changeId)
    .where('revisions.kind', '!=', 'earlier')
    .orderBy('revisions.id')
    .execute();
  return rows.map((row) => ({ ...row, state: parse(row.state) }));
}

export function getChange(db: Db, id: number) {
  return db.selectFrom('changes').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface TrashEntry {
  kind: TrashKind;
  id: number;
  title: string;
  deletedAt: string;
  deletedBy: string | null;
  changeId: number | null;
}

const trashColumns = ['trash.kind', 'trash.entityId as id', 'trash.title', 'trash.deletedAt', 'trash.changeId'] as const;

/** The trash with who deleted each thing, named as `Revision.actor` names them. */
function trashWithDeleter(db: Db) {
  return db
    .selectFrom('trash')
    .leftJoin('changes', 'changes.id', 'trash.changeId')
    .leftJoin('users', 'users.id', 'changes.userId')
    .select(sql<string | null>`coalesce(users.name, trash.deleted_by)`.as('deletedBy'));
}

/** Everything in the trash, most recently deleted first. */
export function listTrash(db: Db): Promise<TrashEntry[]> {
  return trashWithDeleter(db).select(trashColumns).orderBy('trash.deletedAt', 'desc').orderBy('trash.id', 'desc').execute();
}

/** One trashed thing with its snapshot. */
export async function getTrashed(db: Db, kind: TrashKind, id: number): Promise<(TrashEntry & { snapshot: unknown }) | undefined> {
  const row = await trashWithDeleter(db)
    .select([...trashColumns, 'trash.snapshot'])
    .where('trash.kind', '=', kind)
    .where('trash.entityId', '=', id)
    .executeTakeFirst();
  return row && { ...row, snapshot: JSON.parse(row.snapshot) as unknown };
}

/** The trash rows one change made. */
export function trashOfChange(db: Db, changeId: number): Promise<TrashEntry[]> {
  return trashWithDeleter(db).select(trashColumns).where('trash.changeId', '=', changeId).orderBy('trash.id').execute();
}

/** Takes things out of the trash (they are back, or gone for good). */
export async function removeFromTrash(db: Db, kind: TrashKind, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('trash').where('kind', '=', kind).where('entityId', 'in', ids).execute();
}

export interface PurgeResult {
  trash: number;
  revisions: number;
}

/**
 * The retention sweep: empties the trash of what was deleted more than TRASH_DAYS ago, forgets the
 * history of posts, cities and pages that are gone for good (neither stored nor in the trash), trims every
 * entity's revisions to what is kept, and drops change rows nothing refers to any more.
 */
export async function purgeExpired(db: Db, now: string): Promise<PurgeResult> {
  return db.transaction().execute(async (trx) => {
    const trash = await trx.deleteFrom('trash').where('deletedAt', '<', daysBefore(now, TRASH_DAYS)).executeTakeFirst();
    const gone = await trx
      .deleteFrom('revisions')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('entity', '=', 'post'),
            eb('entityId', 'not in', eb.selectFrom('posts').select('id')),
            eb('entityId', 'not in', eb.selectFrom('trash').select('entityId').where('kind', '=', 'post')),
          ]),
          eb.and([
            eb('entity', '=', 'city'),
            eb('entityId', 'not in', eb.selectFrom('cities').select('id')),
            eb('entityId', 'not in', eb.selectFrom('trash').select('entityId').where('kind', '=', 'city')),
          ]),
          eb.and([
            eb('entity', '=', 'page'),
            eb('entityId', 'not in', eb.selectFrom('sitePages').select('id')),
            eb('entityId', 'not in', eb.selectFrom('trash').select('entityId').where('kind', '=', 'page')),
          ]),
        ]),
      )
      .executeTakeFirst();
    // Per entity: ranked newest first, a revision goes when it is past the newest KEEP_REVISIONS and older than KEEP_DAYS.
    const trimmed = await sql`
      delete from revisions where id in (
        select id from (
          select id, created_at, row_number() over (partition by entity, entity_id order by id desc) as rank from revisions
        ) where rank > ${KEEP_REVISIONS} and created_at < ${daysBefore(now, KEEP_DAYS)}
      )`.execute(trx);
    await sql`
      delete from changes where created_at < ${daysBefore(now, KEEP_DAYS)}
        and not exists (select 1 from revisions where change_id = changes.id)
        and not exists (select 1 from trash where change_id = changes.id)`.execute(trx);
    return {
      trash: Number(trash.numDeletedRows),
      revisions: Number(gone.numDeletedRows) + Number(trimmed.numAffectedRows ?? 0n),
    };
  });
}
