import { Hono } from 'hono';
import { z } from 'zod';
import {
  getRevision,
  HOME_HERO,
  isLatestRevision,
  listRevisions,
  listTrash,
  nowIso,
  previousRevision,
  recentRevisions,
  TRASH_DAYS,
  type Db,
  type Revision,
} from '@forkcast/content-db';
import type { RestoreResult, RevisionDetail, RevisionSummary, TrashItem } from '@forkcast/content-db/contracts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { parseId, validate } from '../validation.ts';
import { commitWrite } from '../write.ts';
import { diffStates } from './diff.ts';
import { restoreState, restoreTrashed, undoChange } from './restore.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RECENT_LIMIT = 30;

const historyQuery = z
  .object({
    entity: z.enum(['post', 'city', 'hero'], { error: "entity must be 'post', 'city' or 'hero'." }).optional(),
    id: z.coerce
      .number({ error: 'id must be a whole number.' })
      .int('id must be a whole number.')
      .min(0, 'id must not be negative.')
      .optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number.' })
      .int()
      .min(1, 'limit must be at least 1.')
      .max(100, 'limit must be at most 100.')
      .optional(),
  })
  .refine((query) => query.entity === undefined || query.entity === 'hero' || query.id !== undefined, {
    message: 'Name the post or city by its id.',
  });

const trashKind = z.object({
  kind: z.enum(['post', 'city', 'block', 'item', 'subscriber'], { error: 'Nothing of that kind is kept in the trash.' }),
  id: z.string(),
});

async function summaries(db: Db, revisions: Revision[], newestIsCurrent: boolean): Promise<RevisionSummary[]> {
  const result: RevisionSummary[] = [];
  for (const [index, revision] of revisions.entries()) {
    const current = newestIsCurrent ? index === 0 : await isLatestRevision(db, revision);
    result.push({ ...revision, current, restorable: !current && revision.kind !== 'deleted' });
  }
  return result;
}

/** Every city's name by id, for the City field of a post's diff (cities in the trash included). */
async function cityNames(db: Db): Promise<Map<number, string>> {
  const cities = await db.selectFrom('cities').select(['id', 'name']).execute();
  const trashed = await db.selectFrom('trash').select(['entityId as id', 'title as name']).where('kind', '=', 'city').execute();
  return new Map([...trashed, ...cities].map((city) => [city.id, city.name]));
}

/**
 * /api/revisions: the history of a post, a city or the homepage hero (or the newest changes of all),
 * one version's diff against the version before it, and restoring a version. Admin only.
 */
export const revisionRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', validate('query', historyQuery), async (c) => {
    const { entity, id, limit } = c.req.valid('query');
    const db = c.get('db');
    c.header('Cache-Control', 'no-store');
    if (entity === undefined) return c.json(await summaries(db, await recentRevisions(db, limit ?? RECENT_LIMIT), false));
    const revisions = await listRevisions(db, entity === 'hero' ? HOME_HERO : { entity, id: id! });
    return c.json(await summaries(db, revisions, true));
  })
  .get('/:id', async (c) => {
    const db = c.get('db');
    const revision = await getRevision(db, parseId(c.req.param('id'), 'Revision not found.'));
    if (!revision) throw errors.notFound('Revision not found.');
    const previous = await previousRevision(db, revision);
    const [summary] = await summaries(db, [revision], false);
    const ref = { entity: revision.entity, id: revision.entityId };
    c.header('Cache-Control', 'no-store');
    return c.json<RevisionDetail>({
      ...summary!,
      hasPrevious: previous !== undefined,
      changes: previous ? diffStates(ref, previous.state, revision.state, await cityNames(db)) : [],
    });
  })
  .post('/:id/restore', async (c) => {
    const id = parseId(c.req.param('id'), 'Revision not found.');
    const result = await commitWrite(
      c,
      async (trx) => {
        const revision = await getRevision(trx, id);
        if (!revision) throw errors.notFound('Revision not found.');
        if (revision.state === null) {
          throw errors.conflict(`That version is the deletion of '${revision.title}'; to bring it back, restore it from the trash.`);
        }
        await restoreState(trx, { entity: revision.entity, id: revision.entityId }, revision.state, nowIso());
        return { restored: [{ entity: revision.entity, id: revision.entityId, title: revision.title }] };
      },
      'restore',
    );
    return c.json<RestoreResult>(result);
  });

/** /api/changes/:id/undo: takes one write back, as the Undo of its success message does. Admin only. */
export const changeRoutes = new Hono<AppEnv>().use(requireAdmin).post('/:id/undo', async (c) => {
  const id = parseId(c.req.param('id'), 'That change is not kept any more.');
  const restored = await commitWrite(c, (trx) => undoChange(trx, id, nowIso()), 'undo');
  return c.json<RestoreResult>({ restored });
});

/** /api/trash: what was deleted in the last 30 days, and bringing it back. Admin only. */
export const trashRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const items = await listTrash(c.get('db'));
    return c.json<TrashItem[]>(
      items.map(({ changeId: _changeId, ...item }) => ({
        ...item,
        purgeAt: new Date(Date.parse(item.deletedAt) + TRASH_DAYS * DAY_MS).toISOString(),
      })),
    );
  })
  .post('/:kind/:id/restore', validate('param', trashKind), async (c) => {
    const { kind } = c.req.valid('param');
    const id = parseId(c.req.param('id'), 'That is not in the trash.');
    const restored = await commitWrite(c, (trx) => restoreTrashed(trx, kind, id, nowIso()), 'trash-restore');
    return c.json<RestoreResult>({ restored: [restored] });
  });
