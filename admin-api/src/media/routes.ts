import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { deleteMedia, getMedia, listMedia, mediaUses, updateMedia } from '@forkcast/content-db';
import type { FocalPoint, MediaItem, MediaPage } from '@forkcast/shared/contracts';
import { IMAGE_VARIANT_WIDTHS } from '@forkcast/shared/images';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { answer, describer, pathParameter, refusals } from '../openapi/describe.ts';
import * as shapes from '../openapi/shapes.ts';
import { allow } from '../permissions/guards.ts';
import { altText, text } from '../schemas.ts';
import { parseId, validate } from '../validation.ts';
import { cardsOf, makeCard } from '../social-cards/cards.ts';
import { commitWrite } from '../write.ts';

const listQuery = z.object({
  q: text('The search').max(200, 'The search can be at most 200 characters.').optional(),
  url: text('The url').max(500, 'The url can be at most 500 characters.').optional(),
  page: z.coerce
    .number({ error: 'page must be a page number.' })
    .int('page must be a page number.')
    .min(1, 'page must be a page number.')
    .default(1),
});

const coordinate = (axis: string) =>
  z
    .number({ error: `focalPoint.${axis} must be a number from 0 to 1.` })
    .min(0, `focalPoint.${axis} must be from 0 to 1.`)
    .max(1, `focalPoint.${axis} must be from 0 to 1.`);

const patchBody = z.object({
  alt: altText.transform((value) => value ?? '').describe('The alt text suggested wherever the image is used.'),
  focalPoint: z
    .object({ x: coordinate('x'), y: coordinate('y') }, { error: 'focalPoint must be { x, y }, each from 0 to 1.' })
    .optional()
    .describe('0..1 from the left and from the top; every crop of the image keeps it in view.'),
});

const describe = describer('Media');
const byItem = pathParameter('id', "The media item's id.", 'integer');
const NOT_FOUND = 'There is no such media item.';

/** The files an upload was stored as (storage.ts): the master and its WebP widths. */
const uploadFiles = (path: string) => {
  const name = path.slice('/uploads/'.length, -'.jpg'.length);
  return [`${name}.jpg`, ...IMAGE_VARIANT_WIDTHS.map((width) => `${name}-${width}.webp`)];
};

/**
 * Makes the item's social card around its new focal point, and puts it in the uploads bucket, before
 * the write that re-renders the pages naming it (a bucket that refuses it queues it for a retry).
 */
async function cropAround(c: Context<AppEnv>, id: number, focal: FocalPoint): Promise<void> {
  const item = await c.get('db').selectFrom('media').select('path').where('id', '=', id).executeTakeFirst();
  if (!item) return;
  const card = await c.get('imageQueue').run(() => makeCard(c.get('config').uploadDir, item.path, focal));
  const pushed = card ? await c.get('bucket')?.publishUploads([card]) : undefined;
  if (pushed?.error) c.get('logger').warn({ card, err: pushed.error }, 'the uploads bucket does not hold this social card yet');
}

/** /api/media: every upload, searchable, with its alt text, focal point and where it is used. */
export const mediaRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listMedia',
      summary: 'The media library',
      description:
        'Every upload, newest first, a page at a time (`?page=`, 24 to a page), optionally only those whose file name or alt text contains `q`, or only the one whose image is at `url` (`/uploads/<hash>.jpg`: how an editor finds the focal point of an image named by its address). Each item says where it is used. Never cached.',
      parameters: [
        { in: 'query', name: 'q', required: false, description: 'Words in the file name or alt text.', schema: { type: 'string' } },
        {
          in: 'query',
          name: 'url',
          required: false,
          description: "The item's image address, `/uploads/<hash>.jpg`.",
          schema: { type: 'string' },
        },
        { in: 'query', name: 'page', required: false, description: 'The page, from 1.', schema: { type: 'integer' } },
      ],
      responses: { 200: answer('One page of items.', shapes.MediaPage), ...refusals('validation') },
      examples: [
        { name: 'empty', summary: 'Nothing uploaded yet', status: 200, response: { items: [], page: 1, pageSize: 24, total: 0 } },
        {
          name: 'badPage',
          summary: 'A page that is not a number',
          query: { page: 'first' },
          status: 400,
          response: { message: 'page must be a page number.', code: 'validation' },
        },
      ],
    }),
    allow('contributor'),
    validate('query', listQuery),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const { q, url, page } = c.req.valid('query');
      return c.json<MediaPage>(
        await listMedia(c.get('db'), { ...(q === undefined ? {} : { q }), ...(url === undefined ? {} : { url }), page }),
      );
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getMedia',
      summary: 'A media item',
      parameters: [byItem],
      responses: { 200: answer('The item.', shapes.MediaItem), ...refusals('not_found') },
      examples: [
        { name: 'missing', summary: 'No such item', params: { id: 99 }, status: 404, response: { message: NOT_FOUND, code: 'not_found' } },
      ],
    }),
    allow('contributor'),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const item = await getMedia(c.get('db'), parseId(c.req.param('id'), NOT_FOUND));
      if (!item) throw errors.notFound(NOT_FOUND);
      return c.json<MediaItem>(item);
    },
  )
  .patch(
    '/:id',
    describe({
      operationId: 'updateMedia',
      summary: "Change a media item's alt text or focal point",
      description:
        'A new focal point re-renders every page that shows the image before the answer: cards and heroes crop around it, and a page whose share image it is names its new 1200x630 social card (`/uploads/<hash>-og-<x>-<y>.jpg`, made first). New alt text re-renders them too: it describes the social card where the page has no alt text of its own for it.',
      parameters: [byItem],
      responses: { 200: answer('The item as it is now.', shapes.MediaItem), ...refusals('validation', 'not_found') },
      examples: [
        {
          name: 'outOfRange',
          summary: 'A focal point outside the image',
          params: { id: 1 },
          body: { alt: 'Noodles', focalPoint: { x: 1.5, y: 0.5 } },
          status: 400,
          response: { message: 'focalPoint.x must be from 0 to 1.', code: 'validation' },
        },
      ],
    }),
    allow('editor'),
    validate('json', patchBody),
    async (c) => {
      const id = parseId(c.req.param('id'), NOT_FOUND);
      const { alt, focalPoint } = c.req.valid('json');
      if (focalPoint) await cropAround(c, id, focalPoint);
      const found = await commitWrite(c, (trx) => updateMedia(trx, id, { alt, ...(focalPoint ? { focalPoint } : {}) }));
      if (!found) throw errors.notFound(NOT_FOUND);
      return c.json<MediaItem>((await getMedia(c.get('db'), id))!);
    },
  )
  .delete(
    '/:id',
    describe({
      operationId: 'deleteMedia',
      summary: 'Delete a media item',
      description:
        'Removes the item and its files (from the uploads bucket too, when there is one). An image still in use is refused with 409, naming where it is used.',
      parameters: [byItem],
      responses: { 204: { description: 'Deleted.' }, ...refusals('not_found', 'conflict') },
      examples: [
        { name: 'missing', summary: 'No such item', params: { id: 99 }, status: 404, response: { message: NOT_FOUND, code: 'not_found' } },
      ],
    }),
    allow('editor'),
    async (c) => {
      const id = parseId(c.req.param('id'), NOT_FOUND);
      const path = await commitWrite(c, async (trx) => {
        const item = await trx.selectFrom('media').select('path').where('id', '=', id).executeTakeFirst();
        if (!item) throw errors.notFound(NOT_FOUND);
        const uses = await mediaUses(trx, item.path);
        if (uses.length > 0) {
          const where = uses.map((use) => `${use.title} (${use.path})`).join(', ');
          throw errors.conflict(`This image is still used by ${where}; replace it there first.`);
        }
        await deleteMedia(trx, id);
        return item.path;
      });
      const names = [...uploadFiles(path), ...(await cardsOf(c.get('config').uploadDir, path))];
      await Promise.all(names.map((name) => rm(join(c.get('config').uploadDir, name), { force: true })));
      // The bucket copies go the way the folder's did: a key the folder lacks is deleted.
      const pushed = await c.get('bucket')?.publishUploads(names);
      if (pushed?.error) c.get('logger').warn({ path, err: pushed.error }, 'the uploads bucket still holds this deleted upload');
      return c.body(null, 204);
    },
  );
