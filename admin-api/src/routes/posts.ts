import { Hono } from 'hono';
import { z } from 'zod';
import { getPostBySlug, listPosts, nowIso, updatePost } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { altText, imageSource } from '../schemas.ts';
import { validate } from '../validation.ts';
import { commitWrite } from '../write.ts';

const listQuery = z.object({
  published: z.enum(['true', 'false'], { error: "published must be 'true' or 'false'." }).optional(),
  type: z.enum(['post', 'guide'], { error: "type must be 'post' or 'guide'." }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int()
    .min(1, 'limit must be at least 1.')
    .max(200, 'limit must be at most 200.')
    .optional(),
  offset: z.coerce.number({ error: 'offset must be a number.' }).int().min(0).optional(),
});

const heroBody = z.object({ heroImage: imageSource('Give the hero image as an http(s) URL or an uploaded image.'), alt: altText });
const publishedBody = z.object({ published: z.boolean({ error: 'published must be true or false.' }) });

/** GET /api/posts, GET /api/posts/:slug, PATCH /api/posts/:slug/hero-image, PATCH /api/posts/:slug/published. */
export const postRoutes = new Hono<AppEnv>()
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    // Visitors only ever see published posts; the admin sees drafts too unless asking otherwise.
    const publishedOnly = !c.get('admin') || query.published === 'true';
    return c.json(await listPosts(c.get('db'), { ...query, publishedOnly }));
  })
  .get('/:slug', async (c) => {
    const post = await getPostBySlug(c.get('db'), c.req.param('slug'), { publishedOnly: !c.get('admin') });
    if (!post) throw errors.notFound('Post not found.');
    return c.json(post);
  })
  .patch('/:slug/hero-image', requireAdmin, validate('json', heroBody), async (c) => {
    const { heroImage, alt } = c.req.valid('json');
    await commitWrite(c, async (trx) => {
      const post = await getPostBySlug(trx, c.req.param('slug'));
      if (!post) throw errors.notFound('Post not found.');
      // The old alt text described the old picture; without a new one the title is the honest fallback.
      await updatePost(trx, post.id, { heroImage, heroAlt: alt ?? post.title, updatedAt: nowIso() });
    });
    return c.json({ heroImage });
  })
  .patch('/:slug/published', requireAdmin, validate('json', publishedBody), async (c) => {
    const { published } = c.req.valid('json');
    const post = await commitWrite(c, async (trx) => {
      const post = await getPostBySlug(trx, c.req.param('slug'));
      if (!post) throw errors.notFound('Post not found.');
      const now = nowIso();
      // A first publication dates the post; unpublishing and republishing keeps its date.
      await updatePost(trx, post.id, { published, publishedAt: post.publishedAt ?? (published ? now : null), updatedAt: now });
      return (await getPostBySlug(trx, post.slug))!;
    });
    return c.json(post);
  });
