import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { getPostBySlug, listPosts, nowIso, reviewSubmitters, updatePost, type Db, type EntityRef } from '@forkcast/content-db';
import { mayOnPost, POST_STATUSES, type PostPreviewChanges } from '@forkcast/shared/contracts';
import { authoredPost, changePost, createPost, removePost } from '../authoring/post-writes.ts';
import { newPostBody, postChangeBody, postPreviewBody } from '../authoring/post-input.ts';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { publicRead } from '../middleware/cache-control.ts';
import { SIGNED_IN_OPTIONAL, answer, describer, document, ETAG, pathParameter, refusals } from '../openapi/describe.ts';
import { FIRST_EDIT, invalid, KYOTO_GUIDE, NEW_DRAFT, notFound, NOW, RAMEN_POST, STALE_POST } from '../openapi/examples.ts';
import { Post, PostHero, PostWithUrl } from '../openapi/shapes.ts';
import { altText, imageSource } from '../schemas.ts';
import { validate } from '../validation.ts';
import { versionedJson, withVersion, withVersions } from '../versions/answers.ts';
import { takesVersion } from '../versions/precondition.ts';
import { commitCreation, commitVersionedWrite } from '../write.ts';
import { allow, postAccess, signedIn } from '../permissions/guards.ts';
import { assertMayChangePost, assertMayCreatePost, mayReadUnpublished } from '../permissions/post-rules.ts';

const listQuery = z.object({
  published: z
    .enum(['true', 'false'], { error: "published must be 'true' or 'false'." })
    .optional()
    .describe('`true`: published posts only, for signed-in users too.'),
  status: z
    .enum(POST_STATUSES, { error: "status must be 'draft', 'review', 'scheduled' or 'published'." })
    .optional()
    .describe('Signed in only: posts of this status.'),
  type: z.enum(['post', 'guide'], { error: "type must be 'post' or 'guide'." }).optional().describe('Only dining posts, or only guides.'),
  cityId: z.coerce
    .number({ error: 'cityId must be a city id.' })
    .int('cityId must be a city id.')
    .positive('cityId must be a city id.')
    .optional()
    .describe("Only this city's."),
  q: z.string().trim().max(200, 'A search can be at most 200 characters.').optional().describe('Signed in only: words in the title.'),
  tag: z.string().trim().max(40, 'A tag can be at most 40 characters.').optional().describe('Only posts with this tag.'),
  sort: z
    .enum(['date', 'updated'], { error: "sort must be 'date' or 'updated'." })
    .optional()
    .describe('Signed in only: `updated` puts the last edited first.'),
  authorId: z.coerce
    .number({ error: 'authorId must be a user id.' })
    .int('authorId must be a user id.')
    .positive('authorId must be a user id.')
    .optional()
    .describe('Only posts this user is an author of.'),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int()
    .min(1, 'limit must be at least 1.')
    .max(200, 'limit must be at most 200.')
    .optional()
    .describe('At most this many.'),
  offset: z.coerce.number({ error: 'offset must be a number.' }).int().min(0).optional().describe('Skip this many first.'),
});

const postId = z.object({
  id: z.coerce.number({ error: 'Post not found.' }).int('Post not found.').positive('Post not found.').describe("The post's id."),
});
const describe = describer('Posts');
const bySlug = pathParameter('slug', "The post's slug.");

/** A write's target found by the post's slug, in the write's transaction: 404 when there is none. */
const postBySlug =
  (slug: string) =>
  async (trx: Db): Promise<EntityRef> => {
    const post = await getPostBySlug(trx, slug);
    if (!post) throw errors.notFound('Post not found.');
    return { entity: 'post', id: post.id };
  };

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
  .get(
    '/',
    describe({
      operationId: 'listPosts',
      summary: 'Posts and guides',
      description:
        'Visitors see published posts only, newest first. Signed in, editors and above also see every draft, post in review and scheduled post (`status=review`: the review queue), authors and contributors their own (unless `published=true`), and may add `status`, `q` and `sort`.',
      security: SIGNED_IN_OPTIONAL,
      responses: { 200: answer('The posts, each with its version.', z.array(Post)) },
      examples: [
        {
          name: 'latest',
          summary: 'The six newest published guides',
          query: { published: 'true', type: 'guide', limit: '6' },
          status: 200,
          response: [KYOTO_GUIDE],
        },
      ],
    }),
    publicRead,
    validate('query', listQuery),
    async (c) => {
      const { status, q, sort, ...query } = c.req.valid('query');
      // Visitors only ever see published posts; a signed-in user sees the drafts they may read too, unless asking otherwise.
      const user = c.get('user');
      const publishedOnly = !user || query.published === 'true';
      const signedInOnly = user
        ? {
            ...(status ? { status } : {}),
            ...(q ? { titleContains: q } : {}),
            ...(sort ? { order: sort } : {}),
            ...(mayReadUnpublished(user) ? {} : { unpublishedOnlyOf: user.id }),
          }
        : {};
      const db = c.get('db');
      const posts = await withVersions(db, 'post', await listPosts(db, { ...query, publishedOnly, ...signedInOnly }));
      if (!user || status !== 'review') return c.json(posts);
      // The review queue names who submitted each post.
      const submitters = await reviewSubmitters(
        db,
        posts.map((post) => post.id),
      );
      return c.json(posts.map((post) => ({ ...post, submittedBy: submitters.get(post.id) ?? null })));
    },
  )
  .post(
    '/',
    describe({
      operationId: 'createPost',
      summary: 'Write a post',
      description:
        'A new post, a `draft` unless `status` is `published` (live now) or `scheduled` (live at `publishAt`, an ISO time in the future). The slug is derived from the title when not given (`-2`, `-3`, ... when taken). The answer carries its first version.',
      responses: {
        201: answer('The post, with its address and version.', PostWithUrl, { versioned: true }),
        ...refusals('validation', 'not_found', 'conflict'),
      },
      examples: [
        {
          name: 'draft',
          summary: 'Start a draft in Kyoto',
          body: { title: 'Tofu in Nanzen-ji', cityId: 3, tags: ['kyoto', 'tofu'], content: 'Yudofu, simmered at the table.' },
          status: 201,
          response: NEW_DRAFT,
        },
        { name: 'untitled', summary: 'No title', body: { excerpt: 'Soon.' }, status: 400, response: invalid('Title is required.') },
      ],
    }),
    allow('contributor'),
    validate('json', newPostBody),
    async (c) => {
      const input = c.req.valid('json');
      const user = signedIn(c);
      assertMayCreatePost(user, input);
      const post = await commitCreation(c, 'post', (trx) => createPost(trx, input, nowIso(), user.id));
      return c.json(post, 201);
    },
  )
  .patch(
    '/:id{[0-9]+}',
    describe({
      operationId: 'updatePost',
      summary: 'Change a post',
      description:
        'Any of the fields `POST /api/posts` takes, plus `publishedAt` to re-date a published post. A live post whose address changes (slug, city or type) leaves a stored 301 from its old one; new Markdown drops the blocks and inline items placed in the old paragraphs. Send the version the change was made to as `If-Match`.',
      responses: {
        200: answer('The post, with its address and new version.', PostWithUrl, { versioned: true }),
        ...refusals('validation', 'not_found', 'conflict'),
      },
      examples: [
        {
          name: 'retitle',
          summary: 'A new title',
          params: { id: 21 },
          headers: { 'If-Match': '"0"' },
          body: { title: 'Ichijōji After Dark' },
          status: 200,
          response: {
            ...RAMEN_POST,
            title: 'Ichijōji After Dark',
            updatedAt: NOW,
            url: '/kyoto/kyoto-ichijoji-ramen-street',
            version: FIRST_EDIT,
          },
        },
        {
          name: 'seo',
          summary: 'Its own title and description for search results and shares',
          params: { id: 21 },
          headers: { 'If-Match': '"0"' },
          body: { metaTitle: 'Ramen in Ichijōji: eight counters', metaDescription: 'Where to queue after dark.', noindex: false },
          status: 200,
          response: {
            ...RAMEN_POST,
            metaTitle: 'Ramen in Ichijōji: eight counters',
            metaDescription: 'Where to queue after dark.',
            updatedAt: NOW,
            url: '/kyoto/kyoto-ichijoji-ramen-street',
            version: FIRST_EDIT,
          },
        },
        {
          name: 'canonical',
          summary: 'A canonical URL that is neither https nor a path',
          params: { id: 21 },
          headers: { 'If-Match': '"0"' },
          body: { canonicalUrl: 'ftp://example.com/ramen' },
          status: 400,
          response: invalid('Give the canonical URL as an https address or a path on this site, like /kyoto/ramen.'),
        },
        {
          name: 'stale',
          summary: 'Made to another version than the current one',
          params: { id: 21 },
          headers: { 'If-Match': '"1"' },
          body: { title: 'Ichijōji After Dark' },
          status: 412,
          response: STALE_POST,
        },
      ],
    }),
    allow('contributor'),
    postAccess('edit'),
    takesVersion,
    validate('param', postId),
    validate('json', postChangeBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const change = c.req.valid('json');
      assertMayChangePost(signedIn(c), await authoredPost(c.get('db'), id), change);
      const { result, version } = await commitVersionedWrite(c, { entity: 'post', id }, (trx) => changePost(trx, id, change, nowIso()));
      return c.json({ ...result, version });
    },
  )
  .delete(
    '/:id{[0-9]+}',
    describe({
      operationId: 'deletePost',
      summary: 'Delete a post',
      description: 'The post waits in the trash (with its blocks and inline items) and its pages are removed.',
      responses: { 204: { description: 'Deleted; the ETag is the version its deletion made.', headers: ETAG }, ...refusals('not_found') },
      examples: [{ name: 'ramen', summary: 'Delete the ramen post', params: { id: 21 }, headers: { 'If-Match': '"0"' }, status: 204 }],
    }),
    allow('contributor'),
    postAccess('delete'),
    takesVersion,
    validate('param', postId),
    async (c) => {
      const { id } = c.req.valid('param');
      await commitVersionedWrite(c, { entity: 'post', id }, (trx) => removePost(trx, id));
      return c.body(null, 204);
    },
  )
  .get(
    '/:id{[0-9]+}/edit',
    describe({
      operationId: 'getPostForEditing',
      summary: 'A post, for the editor',
      description: 'Any post by id, whatever its status, with its address and version: what the editor loads. Never cached.',
      responses: { 200: answer('The post, with its address and version.', PostWithUrl, { versioned: true }), ...refusals('not_found') },
      examples: [
        {
          name: 'ramen',
          summary: 'The ramen post',
          params: { id: 21 },
          status: 200,
          response: { ...RAMEN_POST, url: '/kyoto/kyoto-ichijoji-ramen-street' },
        },
      ],
    }),
    allow('contributor'),
    postAccess('read'),
    validate('param', postId),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const db = c.get('db');
      return versionedJson(c, await withVersion(db, 'post', await authoredPost(db, c.req.valid('param').id)));
    },
  )
  .get(
    '/:id{[0-9]+}/preview',
    describe({
      operationId: 'previewPost',
      summary: "A post's page, previewed",
      description:
        "The post's page as it is or will be, rendered on demand by the same renderer, with a Preview bar, `noindex` and `Cache-Control: no-store`. Needs the built site (503 without).",
      responses: { 200: document('The page.', 'text/html'), ...refusals('not_found', 'unavailable') },
    }),
    allow('contributor'),
    postAccess('read'),
    validate('param', postId),
    (c) => previewPage(c, c.req.valid('param').id),
  )
  .post(
    '/:id{[0-9]+}/preview',
    describe({
      operationId: 'previewPostChanges',
      summary: 'A post, previewed with unsaved changes',
      description:
        "The same page with changes not saved yet laid over the post, checked as `PATCH` checks them; stores nothing (the editor's live preview).",
      responses: { 200: document('The page.', 'text/html'), ...refusals('not_found', 'unavailable') },
    }),
    allow('contributor'),
    postAccess('read'),
    validate('param', postId),
    validate('json', postPreviewBody),
    (c) => previewPage(c, c.req.valid('param').id, c.req.valid('json')),
  )
  .get(
    '/:slug',
    describe({
      operationId: 'getPost',
      summary: 'One post',
      description: 'Visitors get published posts only; a signed-in user any they may read (editors and above: any; others: their own).',
      security: SIGNED_IN_OPTIONAL,
      parameters: [bySlug],
      responses: { 200: answer('The post, with its version.', Post, { versioned: true }), ...refusals('not_found') },
      examples: [
        { name: 'ramen', summary: 'The ramen post', params: { slug: 'kyoto-ichijoji-ramen-street' }, status: 200, response: RAMEN_POST },
        { name: 'missing', summary: 'No such post', params: { slug: 'no-such-post' }, status: 404, response: notFound('Post not found.') },
      ],
    }),
    publicRead,
    async (c) => {
      const db = c.get('db');
      const user = c.get('user');
      const post = await getPostBySlug(db, c.req.param('slug'), { publishedOnly: !user });
      if (!post || (user && !post.published && !mayOnPost(user, post, 'read'))) throw errors.notFound('Post not found.');
      return versionedJson(c, await withVersion(db, 'post', post));
    },
  )
  .patch(
    '/:slug/hero-image',
    describe({
      operationId: 'setPostHeroImage',
      summary: "Change a post's hero image",
      description:
        "An http(s) URL or an `/uploads/` or `/images/` path, and its alt text: sent without `alt` (or with a blank one), the hero is described by the post's title.",
      parameters: [bySlug],
      responses: {
        200: answer("The new hero image and the post's new version.", PostHero, { versioned: true }),
        ...refusals('validation', 'not_found'),
      },
      examples: [
        {
          name: 'preset',
          summary: 'A preset picture',
          params: { slug: 'kyoto-ichijoji-ramen-street' },
          headers: { 'If-Match': '"0"' },
          body: { heroImage: '/images/presets/food-plating.jpg', alt: 'A bowl of ramen under lantern light' },
          status: 200,
          response: { heroImage: '/images/presets/food-plating.jpg', version: FIRST_EDIT },
        },
        {
          name: 'script',
          summary: 'Not an image address',
          params: { slug: 'kyoto-ichijoji-ramen-street' },
          body: { heroImage: 'javascript:alert(1)' },
          status: 400,
          response: invalid('Give the hero image as an http(s) URL or an uploaded image.'),
        },
      ],
    }),
    allow('contributor'),
    postAccess('edit', 'slug'),
    takesVersion,
    validate('json', heroBody),
    async (c) => {
      const { heroImage, alt } = c.req.valid('json');
      const { version } = await commitVersionedWrite(c, postBySlug(c.req.param('slug')), async (trx) => {
        const post = (await getPostBySlug(trx, c.req.param('slug')))!;
        // The old alt text described the old picture; without a new one the title is the honest fallback.
        await updatePost(trx, post.id, { heroImage, heroAlt: alt ?? post.title, updatedAt: nowIso() });
      });
      return c.json({ heroImage, version });
    },
  )
  .patch(
    '/:slug/published',
    describe({
      operationId: 'setPostPublished',
      summary: 'Publish or unpublish a post',
      description:
        "A draft is invisible to visitors and absent from the site folder. The first publication sets the post's date, which unpublishing and publishing again keep.",
      parameters: [bySlug],
      responses: { 200: answer('The post, with its new version.', Post, { versioned: true }), ...refusals('validation', 'not_found') },
      examples: [
        {
          name: 'unpublish',
          summary: 'Take the ramen post offline',
          params: { slug: 'kyoto-ichijoji-ramen-street' },
          body: { published: false },
          status: 200,
          response: { ...RAMEN_POST, published: false, status: 'draft', updatedAt: NOW, version: FIRST_EDIT },
        },
      ],
    }),
    allow('author'),
    postAccess('publish', 'slug'),
    takesVersion,
    validate('json', publishedBody),
    async (c) => {
      const { published } = c.req.valid('json');
      const { result: post, version } = await commitVersionedWrite(c, postBySlug(c.req.param('slug')), async (trx) => {
        const post = (await getPostBySlug(trx, c.req.param('slug')))!;
        const now = nowIso();
        // A first publication dates the post; unpublishing and republishing keeps its date.
        await updatePost(trx, post.id, {
          published,
          reviewAt: null,
          publishedAt: post.publishedAt ?? (published ? now : null),
          updatedAt: now,
        });
        return (await getPostBySlug(trx, post.slug))!;
      });
      return c.json({ ...post, version });
    },
  );
