import { Hono } from 'hono';
import { z } from 'zod';
import { getPostBySlug, listPosts, nowIso, TAG, updatePost } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../errors.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { imageSource } from '../schemas.ts';
import { validate } from '../validation.ts';
import { commitWrite } from '../write.ts';

const listQuery = z.object({
  published: z.enum(['true', 'false'], { error: "published must be 'true' or 'false'." }).optional(),
  type: z.enum(['post', 'guide'], { error: "type must be 'post' or 'guide'." }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number.' }).int().min(1, 'limit must be at least 1.').max(200, 'limit must be at most 200.').optional(),
  offset: z.coerce.number({ error: 'offset must be a number.' }).int().min(0).optional(),
});

const heroBody = z.object({ heroImage: imageSource('Give the hero image as an http(s) URL or an uploaded image.') });

/** GET /api/posts, GET /api/posts/:slug, PATCH /api/posts/:slug/hero-image. */
export const postRoutes = new Hono<AppEnv>()
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    // Visitors only ever see published posts; the admin sees drafts too unless asking otherwise.
    const publishedOnly = !c.get('admin') || query.published === 'true';
    return c.json(await listPosts(c.get('db'), { ...query, publishedOnly }));
  })
  .get('/:slug', async (c) => {
    const post = await getPostBySlug(c.get('db'), c.req.param('slug'), { publishedOnly: !c.get('admin') });
    if (!post) throw new ApiError(404, 'not_found', 'Post not found.');
    return c.json(post);
  })
  .patch('/:slug/hero-image', requireAdmin, validate('json', heroBody), async (c) => {
    const { heroImage } = c.req.valid('json');
    await commitWrite(c, async (trx) => {
      const post = await getPostBySlug(trx, c.req.param('slug'));
      if (!post) throw new ApiError(404, 'not_found', 'Post not found.');
      await updatePost(trx, post.id, { heroImage, updatedAt: nowIso() });
      return { result: undefined, tags: [TAG.post(post.id)] };
    });
    return c.json({ heroImage });
  });
