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
  type Post,
} from '@forkcast/content-db';
import { LIMITS } from '@forkcast/content-db/contracts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { publicRead } from '../middleware/cache-control.ts';
import { altText, imageSource, text } from '../schemas.ts';
import { parseId, validate } from '../validation.ts';
import { commitWrite } from '../write.ts';

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

async function findPost(c: Context<AppEnv>, db: Db): Promise<Post> {
  const post = await getPostById(db, parseId(c.req.param('postId'), 'Post not found.'));
  // A draft's body is the admin's business only.
  if (!post || (!post.published && !c.get('admin'))) throw errors.notFound('Post not found.');
  return post;
}

/** /api/posts/:postId/content and /api/posts/:postId/blocks: the editable body of a post. */
export const postBodyRoutes = new Hono<AppEnv>()
  .get('/:postId/content', publicRead, async (c) => {
    const post = await findPost(c, c.get('db'));
    return c.json(await listContentItems(c.get('db'), post.id));
  })
  .post('/:postId/content', requireAdmin, validate('json', newItem), async (c) => {
    const body = c.req.valid('json');
    const item = await commitWrite(c, async (trx) => {
      const post = await findPost(c, trx);
      const max = paragraphCount(post.content);
      if (body.position > max) throw errors.validation(`position must be between 0 and ${max}.`);
      // An inline picture illustrates the post it sits in, so without alt text it is described by the title.
      const alt = body.type === 'image' ? (body.alt ?? post.title) : '';
      const created = await addContentItem(trx, { postId: post.id, ...body, alt, now: nowIso() });
      return created;
    });
    return c.json(item, 201);
  })
  .delete('/:postId/content/:contentId', requireAdmin, async (c) => {
    const itemId = parseId(c.req.param('contentId'), 'Content not found.');
    await commitWrite(c, async (trx) => {
      const post = await findPost(c, trx);
      if (!(await deleteContentItem(trx, post.id, itemId))) throw errors.notFound('Content not found.');
    });
    return c.body(null, 204);
  })
  .get('/:postId/blocks', publicRead, async (c) => {
    const post = await findPost(c, c.get('db'));
    return c.json(await listBlocks(c.get('db'), post.id));
  })
  .post('/:postId/blocks', requireAdmin, validate('json', newBlock), async (c) => {
    const body = c.req.valid('json');
    const block = await commitWrite(c, async (trx) => {
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
    return c.json(block, 201);
  })
  .put('/:postId/blocks/:blockId', requireAdmin, validate('json', blockUpdate), async (c) => {
    const blockId = parseId(c.req.param('blockId'), 'Content block not found.');
    const { content } = c.req.valid('json');
    const block = await commitWrite(c, async (trx) => {
      const post = await findPost(c, trx);
      const updated = await updateBlock(trx, post.id, blockId, content, nowIso());
      if (!updated) throw errors.notFound('Content block not found.');
      return updated;
    });
    return c.json(block);
  })
  .delete('/:postId/blocks/:blockId', requireAdmin, async (c) => {
    const blockId = parseId(c.req.param('blockId'), 'Content block not found.');
    await commitWrite(c, async (trx) => {
      const post = await findPost(c, trx);
      if (!(await deleteBlock(trx, post.id, blockId))) throw errors.notFound('Content block not found.');
    });
    return c.body(null, 204);
  });
