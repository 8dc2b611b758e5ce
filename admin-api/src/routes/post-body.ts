import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  addContentItem,
  createBlock,
  deleteBlock,
  deleteContentItem,
  getPostById,
  listBlocks,
  listContentItems,
  nowIso,
  splitParagraphs,
  updateBlock,
  type Db,
  type EntityRef,
  type Post,
} from '@forkcast/content-db';
import { LIMITS, mayOnPost } from '@forkcast/shared/contracts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { allow, postAccess } from '../permissions/guards.ts';
import { publicRead } from '../middleware/cache-control.ts';
import { SIGNED_IN_OPTIONAL, answer, describer, ETAG, pathParameter, refusals } from '../openapi/describe.ts';
import { FIRST_EDIT, invalid, notFound, NOW } from '../openapi/examples.ts';
import { ContentBlock, ContentItem, WrittenContentBlock, WrittenContentItem } from '../openapi/shapes.ts';
import { altText, imageSource, text } from '../schemas.ts';
import { parseId, validate } from '../validation.ts';
import { tagVersion } from '../versions/answers.ts';
import { takesVersion } from '../versions/precondition.ts';
import { commitVersionedWrite } from '../write.ts';

const blockContent = text('The content', { error: 'Content is required.', multiline: true })
  .refine((value) => value.trim() !== '', 'Content is required.')
  .refine((value) => value.length <= LIMITS.blockMarkdown, `A content block can hold at most ${LIMITS.blockMarkdown} characters.`);
const position = z
  .number({ error: 'position must be a number.' })
  .int('position must be a whole number.')
  .min(0, 'position must not be negative.');

const newBlock = z.object({ content: blockContent, position, isOriginal: z.boolean().optional() });
const blockUpdate = z.object({ content: blockContent });
const newItem = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('text'),
      content: text('The text', { error: 'Text is required.', multiline: true })
        .trim()
        .min(1, 'Text is required.')
        .max(LIMITS.itemText, `Added text can be at most ${LIMITS.itemText} characters.`),
      position,
    }),
    z.object({
      type: z.literal('image'),
      content: imageSource('Give the image as an http(s) URL or an uploaded image.'),
      alt: altText,
      position,
    }),
  ],
  { error: "type must be 'text' or 'image'." },
);

const paragraphCount = (content: string) => splitParagraphs(content).length;

const describe = describer('Post body');
const byPost = pathParameter('postId', "The post's id.", 'integer');
const byBlock = pathParameter('blockId', "The block's id.", 'integer');

/** The post a request names, as a versioned write's target: its blocks and additions are part of it. */
const postOf = (c: Context<AppEnv>): EntityRef => ({ entity: 'post', id: parseId(c.req.param('postId'), 'Post not found.') });

async function findPost(c: Context<AppEnv>, db: Db): Promise<Post> {
  const post = await getPostById(db, parseId(c.req.param('postId'), 'Post not found.'));
  // A draft's body is only for those who may read the draft.
  const user = c.get('user');
  if (!post || (!post.published && !(user && mayOnPost(user, post, 'read')))) throw errors.notFound('Post not found.');
  return post;
}

/** /api/posts/:postId/content and /api/posts/:postId/blocks: the editable body of a post. */
export const postBodyRoutes = new Hono<AppEnv>()
  .get(
    '/:postId/content',
    describe({
      operationId: 'listContentItems',
      summary: "A post's inline additions",
      description:
        "Inline text and images, each shown after paragraph `position - 1`. A draft's are only for those who may read it (its authors; editors and above). They are part of their post: the ETag is the post's version.",
      security: SIGNED_IN_OPTIONAL,
      parameters: [byPost],
      responses: { 200: answer('The additions, by position.', z.array(ContentItem), { versioned: true }), ...refusals('not_found') },
      examples: [{ name: 'none', summary: 'A post without additions', params: { postId: 21 }, status: 200, response: [] }],
    }),
    publicRead,
    async (c) => {
      const db = c.get('db');
      const post = await findPost(c, db);
      await tagVersion(c, db, { entity: 'post', id: post.id });
      return c.json(await listContentItems(db, post.id));
    },
  )
  .post(
    '/:postId/content',
    describe({
      operationId: 'addContentItem',
      summary: 'Add text or an image between paragraphs',
      description:
        "Inline text or an image after paragraph `position - 1` (0 puts it first). An image without `alt` (or with a blank one) is described by the post's title. A change of the post: `If-Match` names the post's version.",
      parameters: [byPost],
      responses: {
        201: answer("The addition, with the post's new version.", WrittenContentItem, { versioned: true }),
        ...refusals('validation', 'not_found'),
      },
      examples: [
        {
          name: 'tip',
          summary: 'A tip after the first paragraph',
          params: { postId: 21 },
          headers: { 'If-Match': '"0"' },
          body: { type: 'text', content: 'Go after 10 pm: the queues are shorter.', position: 1 },
          status: 201,
          response: {
            id: 1,
            postId: 21,
            type: 'text',
            content: 'Go after 10 pm: the queues are shorter.',
            alt: '',
            position: 1,
            createdAt: NOW,
            version: FIRST_EDIT,
          },
        },
        {
          name: 'empty',
          summary: 'No text',
          params: { postId: 21 },
          body: { type: 'text', content: '  ', position: 1 },
          status: 400,
          response: invalid('Text is required.'),
        },
      ],
    }),
    allow('contributor'),
    postAccess('edit', 'postId'),
    takesVersion,
    validate('json', newItem),
    async (c) => {
      const body = c.req.valid('json');
      const { result: item, version } = await commitVersionedWrite(c, postOf(c), async (trx) => {
        const post = await findPost(c, trx);
        const max = paragraphCount(post.content);
        if (body.position > max) throw errors.validation(`position must be between 0 and ${max}.`);
        // An inline picture illustrates the post it sits in, so without alt text it is described by the title.
        const alt = body.type === 'image' ? (body.alt ?? post.title) : '';
        const created = await addContentItem(trx, { postId: post.id, ...body, alt, now: nowIso() });
        return created;
      });
      return c.json({ ...item, version }, 201);
    },
  )
  .delete(
    '/:postId/content/:contentId',
    describe({
      operationId: 'deleteContentItem',
      summary: 'Remove an inline addition',
      description: "The addition waits in the trash. A change of the post: `If-Match` names the post's version.",
      parameters: [byPost, pathParameter('contentId', "The addition's id.", 'integer')],
      responses: { 204: { description: "Removed; the ETag is the post's new version.", headers: ETAG }, ...refusals('not_found') },
      examples: [
        {
          name: 'missing',
          summary: 'No such addition',
          params: { postId: 21, contentId: 999 },
          status: 404,
          response: notFound('Content not found.'),
        },
      ],
    }),
    allow('contributor'),
    postAccess('edit', 'postId'),
    takesVersion,
    async (c) => {
      const itemId = parseId(c.req.param('contentId'), 'Content not found.');
      await commitVersionedWrite(c, postOf(c), async (trx) => {
        const post = await findPost(c, trx);
        if (!(await deleteContentItem(trx, post.id, itemId))) throw errors.notFound('Content not found.');
      });
      return c.body(null, 204);
    },
  )
  .get(
    '/:postId/blocks',
    describe({
      operationId: 'listBlocks',
      summary: "A post's stored blocks",
      description:
        "Each stored block replaces paragraph `position` of the post's Markdown. A draft's are only for those who may read it (its authors; editors and above). They are part of their post: the ETag is the post's version.",
      security: SIGNED_IN_OPTIONAL,
      parameters: [byPost],
      responses: { 200: answer('The blocks, by position.', z.array(ContentBlock), { versioned: true }), ...refusals('not_found') },
      examples: [{ name: 'none', summary: 'A post without stored blocks', params: { postId: 21 }, status: 200, response: [] }],
    }),
    publicRead,
    async (c) => {
      const db = c.get('db');
      const post = await findPost(c, db);
      await tagVersion(c, db, { entity: 'post', id: post.id });
      return c.json(await listBlocks(db, post.id));
    },
  )
  .post(
    '/:postId/blocks',
    describe({
      operationId: 'createBlock',
      summary: 'Store a block over a paragraph',
      description:
        "Replaces paragraph `position` (0-based) with the given Markdown; a paragraph has at most one stored block (409). A change of the post: `If-Match` names the post's version.",
      parameters: [byPost],
      responses: {
        201: answer("The block, with the post's new version.", WrittenContentBlock, { versioned: true }),
        ...refusals('validation', 'not_found', 'conflict'),
      },
      examples: [
        {
          name: 'rewrite',
          summary: 'Rewrite the first paragraph',
          params: { postId: 21 },
          headers: { 'If-Match': '"0"' },
          body: { content: 'Kyoto has a ramen road, and it is in Ichijōji.', position: 0, isOriginal: true },
          status: 201,
          response: {
            id: 1,
            postId: 21,
            content: 'Kyoto has a ramen road, and it is in Ichijōji.',
            position: 0,
            isOriginal: true,
            createdAt: NOW,
            updatedAt: NOW,
            version: FIRST_EDIT,
          },
        },
      ],
    }),
    allow('contributor'),
    postAccess('edit', 'postId'),
    takesVersion,
    validate('json', newBlock),
    async (c) => {
      const body = c.req.valid('json');
      const { result: block, version } = await commitVersionedWrite(c, postOf(c), async (trx) => {
        const post = await findPost(c, trx);
        const count = paragraphCount(post.content);
        if (count === 0) throw errors.validation('This post has no paragraphs to replace; add content instead.');
        if (body.position >= count) throw errors.validation(`position must be between 0 and ${count - 1}.`);
        if ((await listBlocks(trx, post.id)).some((b) => b.position === body.position)) {
          throw errors.conflict('That section already has a stored block; update it instead.');
        }
        const created = await createBlock(trx, {
          postId: post.id,
          content: body.content,
          position: body.position,
          isOriginal: body.isOriginal ?? true,
          now: nowIso(),
        });
        return created;
      });
      return c.json({ ...block, version }, 201);
    },
  )
  .put(
    '/:postId/blocks/:blockId',
    describe({
      operationId: 'updateBlock',
      summary: 'Change a stored block',
      description: "A change of the post: `If-Match` names the post's version.",
      parameters: [byPost, byBlock],
      responses: {
        200: answer("The block, with the post's new version.", WrittenContentBlock, { versioned: true }),
        ...refusals('validation', 'not_found'),
      },
      examples: [
        {
          name: 'missing',
          summary: 'No such block',
          params: { postId: 21, blockId: 999 },
          body: { content: 'New words.' },
          status: 404,
          response: notFound('Content block not found.'),
        },
      ],
    }),
    allow('contributor'),
    postAccess('edit', 'postId'),
    takesVersion,
    validate('json', blockUpdate),
    async (c) => {
      const blockId = parseId(c.req.param('blockId'), 'Content block not found.');
      const { content } = c.req.valid('json');
      const { result: block, version } = await commitVersionedWrite(c, postOf(c), async (trx) => {
        const post = await findPost(c, trx);
        const updated = await updateBlock(trx, post.id, blockId, content, nowIso());
        if (!updated) throw errors.notFound('Content block not found.');
        return updated;
      });
      return c.json({ ...block, version });
    },
  )
  .delete(
    '/:postId/blocks/:blockId',
    describe({
      operationId: 'deleteBlock',
      summary: 'Remove a stored block',
      description:
        "The paragraph shows its original text again; the block waits in the trash. A change of the post: `If-Match` names the post's version.",
      parameters: [byPost, byBlock],
      responses: { 204: { description: "Removed; the ETag is the post's new version.", headers: ETAG }, ...refusals('not_found') },
    }),
    allow('contributor'),
    postAccess('edit', 'postId'),
    takesVersion,
    async (c) => {
      const blockId = parseId(c.req.param('blockId'), 'Content block not found.');
      await commitVersionedWrite(c, postOf(c), async (trx) => {
        const post = await findPost(c, trx);
        if (!(await deleteBlock(trx, post.id, blockId))) throw errors.notFound('Content block not found.');
      });
      return c.body(null, 204);
    },
  );
