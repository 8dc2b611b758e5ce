import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { getPostBySlug, listPosts, nowIso, updatePost } from '@forkcast/content-db';
import type { PostPreviewChanges } from '@forkcast/content-db/contracts';
import { authoredPost, changePost, createPost, removePost } from '../authoring/post-writes.ts';
import { newPostBody, postChangeBody, postPreviewBody } from '../authoring/post-input.ts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { publicRead } from '../middleware/cache-control.ts';
import { altText, imageSource } from '../schemas.ts';
import { validate } from '../validation.ts';
import { commitWrite } from '../write.ts';

const listQuery = z.object({
  published: z.enum(['true', 'false'], { error: "published must be 'true' or 'false'." }).optional(),
  status: z.enum(['draft', 'scheduled', 'published'], { error: "status must be 'draft', 'scheduled' or 'published'." }).optional(),
  type: z.enum(['post', 'guide'], { error: "type must be 'post' or 'guide'." }).optional(),
  cityId: z.coerce
    .number({ error: 'cityId must be a city id.' })
    .int('cityId must be a city id.')
    .positive('cityId must be a city id.')
    .optional(),
  q: z.string().trim().max(200, 'A search can be at most 200 characters.').optional(),
  tag: z.string().trim().max(40, 'A tag can be at most 40 characters.').optional(),
  sort: z.enum(['date', 'updated'], { error: "sort must be 'date' or 'updated'." }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int()
    .min(1, 'limit must be at least 1.')
    .max(200, 'limit must be at most 200.')
    .optional(),
  offset: z.coerce.number({ error: 'offset must be a number.' }).int().min(0).optional(),
});

const postId = z.object({ id: z.coerce.number({ error: 'Post not found.' }).int('Post not found.').positive('Post not found.') });

const heroBody = z.object({ heroImage: imageSource('Give the hero image as an http(s) URL or an uploaded image.'), alt: altText });
const publishedBody = z.object({ published: z.boolean({ error: 'published must be true or false.' }) });

/**
 * The page a post is, or will be once saved: rendered on demand by the site's renderer for the
 * admin, with the changes the editor has not saved laid over the stored post. Nothing is stored.
 */
async function previewPage(c: Context<AppEnv>, id: number, changes?: PostPreviewChanges): Promise<Response> {
  const pages = c.get('pages');
  if (!pages) throw errors.unavailable('Previews need the built site; run make build.');
  const post = await authoredPost(c.get('db'), id);
  const page = await pages.render(post.url, { preview: { postId: post.id, ...(changes ? { changes } : {}) } });
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  // The editor shows the preview in a frame of its own page.
  c.set('framing', 'same-origin');
  if (page.status !== 200) throw errors.internal();
  return c.html(new TextDecoder().decode(page.body));
}

/**
 * GET /api/posts, GET /api/posts/:slug, POST /api/posts, PATCH and DELETE /api/posts/:id,
 * GET /api/posts/:id/edit (the admin's editor), GET and POST /api/posts/:id/preview, PATCH /api/posts/:slug/hero-image, PATCH /api/posts/:slug/published.
 */
export const postRoutes = new Hono<AppEnv>()
  .get('/', publicRead, validate('query', listQuery), async (c) => {
    const { status, q, sort, ...query } = c.req.valid('query');
    // Visitors only ever see published posts; the admin sees drafts too unless asking otherwise.
    const admin = c.get('admin') !== undefined;
    const publishedOnly = !admin || query.published === 'true';
    const adminOnly = admin ? { ...(status ? { status } : {}), ...(q ? { titleContains: q } : {}), ...(sort ? { order: sort } : {}) } : {};
    return c.json(await listPosts(c.get('db'), { ...query, publishedOnly, ...adminOnly }));
  })
  .post('/', requireAdmin, validate('json', newPostBody), async (c) => {
    const input = c.req.valid('json');
    const post = await commitWrite(c, (trx) => createPost(trx, input, nowIso()));
    return c.json(post, 201);
  })
  .patch('/:id{[0-9]+}', requireAdmin, validate('param', postId), validate('json', postChangeBody), async (c) => {
    const { id } = c.req.valid('param');
    const change = c.req.valid('json');
    return c.json(await commitWrite(c, (trx) => changePost(trx, id, change, nowIso())));
  })
  .delete('/:id{[0-9]+}', requireAdmin, validate('param', postId), async (c) => {
    const { id } = c.req.valid('param');
    await commitWrite(c, (trx) => removePost(trx, id));
    return c.body(null, 204);
  })
  .get('/:id{[0-9]+}/edit', requireAdmin, validate('param', postId), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await authoredPost(c.get('db'), c.req.valid('param').id));
  })
  .get('/:id{[0-9]+}/preview', requireAdmin, validate('param', postId), (c) => previewPage(c, c.req.valid('param').id))
  .post('/:id{[0-9]+}/preview', requireAdmin, validate('param', postId), validate('json', postPreviewBody), (c) =>
    previewPage(c, c.req.valid('param').id, c.req.valid('json')),
  )
  .get('/:slug', publicRead, async (c) => {
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
