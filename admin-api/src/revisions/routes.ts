import { Hono } from 'hono';
import { z } from 'zod';
import {
  getChange,
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
  emptyTrash,
  eraseTrashed,
} from '@forkcast/content-db';
import { roleAtLeast, type RestoreResult, type RevisionDetail, type RevisionSummary, type TrashItem } from '@forkcast/shared/contracts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { allow, signedIn } from '../permissions/guards.ts';
import { answer, describer, pathParameter, refusals } from '../openapi/describe.ts';
import * as shapes from '../openapi/shapes.ts';
import { parseId, validate } from '../validation.ts';
import { commitWrite } from '../write.ts';
import { diffNames, diffStates } from './diff.ts';
import { restoreState, restoreTrashed, undoChange } from './restore.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RECENT_LIMIT = 30;

const historyQuery = z
  .object({
    entity: z
      .enum(['post', 'city', 'hero', 'page'], { error: "entity must be 'post', 'city', 'hero' or 'page'." })
      .optional()
      .describe('Whose history; without it, the newest changes of everything.'),
    id: z.coerce
      .number({ error: 'id must be a whole number.' })
      .int('id must be a whole number.')
      .min(0, 'id must not be negative.')
      .optional()
      .describe("The post's, city's or page's id."),
    limit: z.coerce
      .number({ error: 'limit must be a number.' })
      .int()
      .min(1, 'limit must be at least 1.')
      .max(100, 'limit must be at most 100.')
      .optional()
      .describe('Without `entity`: at most this many (30).'),
  })
  .refine((query) => query.entity === undefined || query.entity === 'hero' || query.id !== undefined, {
    message: 'Name the post, city or page by its id.',
  });

const trashKind = z.object({
  kind: z
    .enum(['post', 'city', 'block', 'item', 'subscriber', 'page'], { error: 'Nothing of that kind is kept in the trash.' })
    .describe('What kind of thing it is.'),
  id: z.string().describe("The deleted thing's id."),
});
const describe = describer('History');
const byRevision = pathParameter('id', "The version's id.", 'integer');

async function summaries(db: Db, revisions: Revision[], newestIsCurrent: boolean): Promise<RevisionSummary[]> {
  const result: RevisionSummary[] = [];
  for (const [index, revision] of revisions.entries()) {
    const current = newestIsCurrent ? index === 0 : await isLatestRevision(db, revision);
    result.push({ ...revision, current, restorable: !current && revision.kind !== 'deleted' });
  }
  return result;
}

/**
 * /api/revisions: the history of a post, a city, a page or the homepage hero (or the newest changes of all),
 * one version's diff against the version before it, and restoring a version. Editors and above.
 */
export const revisionRoutes = new Hono<AppEnv>()
  .use(allow('editor'))
  .get(
    '/',
    describe({
      operationId: 'listRevisions',
      summary: 'The history of an entity, or of everything',
      description:
        'The history of one `post` (with its blocks and inline items), `city` (with its itinerary), `page` or the homepage `hero` (no `id`), newest first; without `entity`, the newest changes of everything (`limit`, 30 by default). Never cached.',
      responses: { 200: answer('The versions, newest first.', z.array(shapes.RevisionSummary)) },
      examples: [
        {
          name: 'post',
          summary: "The ramen post's history (none yet: seeded content has none)",
          query: { entity: 'post', id: '21' },
          status: 200,
          response: [],
        },
        {
          name: 'noId',
          summary: 'A post without its id',
          query: { entity: 'post' },
          status: 400,
          response: { message: 'Name the post, city or page by its id.', code: 'validation' },
        },
      ],
    }),
    validate('query', historyQuery),
    async (c) => {
      const { entity, id, limit } = c.req.valid('query');
      const db = c.get('db');
      c.header('Cache-Control', 'no-store');
      if (entity === undefined) return c.json(await summaries(db, await recentRevisions(db, limit ?? RECENT_LIMIT), false));
      const revisions = await listRevisions(db, entity === 'hero' ? HOME_HERO : { entity, id: id! });
      return c.json(await summaries(db, revisions, true));
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getRevision',
      summary: 'One version and what it changed',
      description: 'The version with `hasPrevious` and `changes`: each field that differs from the version before it, as a word diff.',
      parameters: [byRevision],
      responses: { 200: answer('The version.', shapes.RevisionDetail), ...refusals('not_found') },
      examples: [
        {
          name: 'missing',
          summary: 'No such version',
          params: { id: 999 },
          status: 404,
          response: { message: 'Revision not found.', code: 'not_found' },
        },
      ],
    }),
    async (c) => {
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
        changes: previous ? diffStates(ref, previous.state, revision.state, await diffNames(db)) : [],
      });
    },
  )
  .post(
    '/:id/restore',
    describe({
      operationId: 'restoreRevision',
      summary: 'Restore a version',
      description:
        "Makes the entity what it was in that version, with the same ids (a post with its blocks and items, a city with its itinerary, a page): a write like any other, published, kept in history and undoable. 409 when its slug is taken (for a page: by a route, a city or another page), its city is gone or its city has another guide now; a deletion's version cannot be restored (the trash can).",
      parameters: [byRevision],
      responses: { 200: answer('What was restored.', shapes.RestoreResult), ...refusals('not_found', 'conflict') },
      examples: [
        {
          name: 'missing',
          summary: 'No such version',
          params: { id: 999 },
          status: 404,
          response: { message: 'Revision not found.', code: 'not_found' },
        },
      ],
    }),
    async (c) => {
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
    },
  );

/**
 * /api/changes/:id/undo: takes one write back, as the Undo of its success message does. Editors and
 * above undo any change; everyone else their own (which put back only what they could write).
 */
export const changeRoutes = new Hono<AppEnv>().use(allow('contributor')).post(
  '/:id/undo',
  describe({
    operationId: 'undoChange',
    summary: 'Undo a write',
    access: 'their own changes (any role); editor and above: any change',
    description:
      'Every write that kept history answers with its change id in `X-Forkcast-Change`; undoing puts each entity it changed back as it was before and brings out of the trash what it deleted. 409 when something it changed has changed again since. Authors and contributors undo only their own changes (403 otherwise).',
    parameters: [pathParameter('id', "The change's id, from `X-Forkcast-Change`.", 'integer')],
    responses: { 200: answer('What was put back.', shapes.RestoreResult), ...refusals('not_found', 'conflict') },
    examples: [
      {
        name: 'gone',
        summary: 'A change not kept',
        params: { id: 999 },
        status: 404,
        response: { message: 'That change is not kept any more.', code: 'not_found' },
      },
    ],
  }),
  async (c) => {
    const id = parseId(c.req.param('id'), 'That change is not kept any more.');
    const user = signedIn(c);
    if (!roleAtLeast(user.role, 'editor')) {
      const change = await getChange(c.get('db'), id);
      if (change && change.userId !== user.id) throw errors.forbidden('Only editors can undo a change someone else made.');
    }
    const restored = await commitWrite(c, (trx) => undoChange(trx, id, nowIso()), 'undo');
    return c.json<RestoreResult>({ restored });
  },
);

/**
 * /api/trash: what was deleted in the last 30 days, and bringing it back. Editors and above; a
 * deleted subscriber (a reader's address) only administrators see and bring back.
 */
export const trashRoutes = new Hono<AppEnv>()
  .use(allow('editor'))
  .get(
    '/',
    describe({
      operationId: 'listTrash',
      summary: 'The trash',
      description:
        'Deleted posts and guides, cities, pages, blocks, inline items and subscribers of the last 30 days, newest first; editors do not see subscribers (administrators do). Never cached.',
      responses: { 200: answer('What can be restored.', z.array(shapes.TrashItem)) },
      examples: [{ name: 'empty', summary: 'Nothing deleted', status: 200, response: [] }],
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const subscribers = roleAtLeast(signedIn(c).role, 'administrator');
      const items = (await listTrash(c.get('db'))).filter((item) => subscribers || item.kind !== 'subscriber');
      return c.json<TrashItem[]>(
        items.map(({ changeId: _changeId, ...item }) => ({
          ...item,
          purgeAt: new Date(Date.parse(item.deletedAt) + TRASH_DAYS * DAY_MS).toISOString(),
        })),
      );
    },
  )
  .post(
    '/:kind/:id/restore',
    describe({
      operationId: 'restoreFromTrash',
      summary: 'Bring something back from the trash',
      description:
        'Puts it back with the same id and publishes its pages again. 409 (saying why) when its place is gone: a block or item whose post is trashed or whose text changed since, a section edited again, a taken slug, an address that signed up again.',
      responses: { 200: answer('What was restored.', shapes.RestoreResult), ...refusals('validation', 'not_found', 'conflict') },
      examples: [
        {
          name: 'missing',
          summary: 'Not in the trash',
          params: { kind: 'post', id: '999' },
          status: 404,
          response: { message: 'That is not in the trash.', code: 'not_found' },
        },
      ],
    }),
    validate('param', trashKind),
    async (c) => {
      const { kind } = c.req.valid('param');
      if (kind === 'subscriber' && !roleAtLeast(signedIn(c).role, 'administrator'))
        throw errors.forbidden('Only administrators and the owner can bring back a subscriber.');
      const id = parseId(c.req.param('id'), 'That is not in the trash.');
      const restored = await commitWrite(c, (trx) => restoreTrashed(trx, kind, id, nowIso()), 'trash-restore');
      return c.json<RestoreResult>({ restored: [restored] });
    },
  )
  .delete(
    '/:kind/:id',
    describe({
      operationId: 'deleteFromTrash',
      summary: 'Delete something for good',
      access: 'editor and above; a subscriber: administrators',
      description:
        "Deletes it for good: the trash row, a post's, city's or page's history (its search entry went when it was deleted), and for a subscriber every delivery row and contact message that holds the address (erasure on request), unless the address has signed up again. Freed database pages are zeroed (secure_delete). It cannot be undone; backups made before still hold it. 404 when it is not in the trash.",
      responses: { 204: { description: 'Deleted for good.' }, ...refusals('validation', 'not_found') },
      examples: [
        {
          name: 'missing',
          summary: 'Not in the trash',
          params: { kind: 'post', id: '999' },
          status: 404,
          response: { message: 'That is not in the trash.', code: 'not_found' },
        },
      ],
    }),
    validate('param', trashKind),
    async (c) => {
      const { kind } = c.req.valid('param');
      if (kind === 'subscriber' && !roleAtLeast(signedIn(c).role, 'administrator'))
        throw errors.forbidden('Only administrators and the owner can delete a subscriber for good.');
      const id = parseId(c.req.param('id'), 'That is not in the trash.');
      await commitWrite(c, async (trx) => {
        if (!(await eraseTrashed(trx, kind, id))) throw errors.notFound('That is not in the trash.');
      });
      return c.body(null, 204);
    },
  )
  .delete(
    '/',
    describe({
      operationId: 'emptyTrash',
      summary: 'Empty the trash',
      access: 'editor and above; subscribers only by administrators',
      description:
        'Deletes for good everything in the trash the caller can see, as deleting each one does; editors leave deleted subscribers for an administrator. Answers with how many things went.',
      responses: { 200: answer('How many things were deleted for good.', z.object({ deleted: z.number().int() })) },
      examples: [{ name: 'empty', summary: 'Nothing in the trash', status: 200, response: { deleted: 0 } }],
    }),
    async (c) => {
      const subscribers = roleAtLeast(signedIn(c).role, 'administrator');
      const gone = await commitWrite(c, (trx) => emptyTrash(trx, (item) => subscribers || item.kind !== 'subscriber'));
      return c.json({ deleted: gone.length });
    },
  );
