import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  addRedirect,
  createSitePage,
  deleteSitePage,
  getCityBySlug,
  getSitePage,
  listSitePages,
  nowIso,
  removeRedirectFrom,
  removeRedirectsTo,
  sitePageSlugTaken,
  updateSitePage,
  type Db,
  type SitePage,
} from '@forkcast/content-db';
import { SITE_PAGE_LAYOUTS, SITE_NAME_TOKEN, versionTag } from '@forkcast/shared/contracts';
import { EMPTY_SEO } from '@forkcast/shared/seo';
import { fixedPageRefusal, pageSlugRefusal, sitePagePath } from '@forkcast/shared/urls';
import type { AppEnv } from '../context.ts';
import { ApiError, errors } from '../errors.ts';
import { answer, describer, pathParameter, refusals } from '../openapi/describe.ts';
import { SitePage as SitePageShape } from '../openapi/shapes.ts';
import { allow } from '../permissions/guards.ts';
import { text } from '../schemas.ts';
import { seoInput } from '../seo/seo-input.ts';
import { parseId, validate } from '../validation.ts';
import { readIfMatch, satisfies } from '../versions/if-match.ts';
import { commitWrite } from '../write.ts';

/** Long enough for Terms or Privacy several times over. */
const MAX_CONTENT = 100_000;

const fields = {
  title: text('The title', { error: 'The title is required.' })
    .trim()
    .min(1, 'The title is required.')
    .max(200, 'The title is at most 200 characters.'),
  slug: text('The slug', { error: 'The slug is required.' })
    .trim()
    .describe('Where the page lives: `/{slug}`, lowercase letters and digits joined by hyphens.'),
  content: text('The content', { multiline: true })
    .max(MAX_CONTENT, `The content is at most ${MAX_CONTENT} characters.`)
    .describe(`Markdown; \`${SITE_NAME_TOKEN}\` shows the site's name.`),
  status: z.enum(['draft', 'published'], { error: "status must be 'draft' or 'published'." }),
  inFooter: z.boolean({ error: 'inFooter must be true or false.' }).describe('Whether the footer links the page.'),
  layout: z
    .enum(SITE_PAGE_LAYOUTS, { error: `layout must be one of ${SITE_PAGE_LAYOUTS.join(', ')}.` })
    .describe(
      "'standard': the title over the text; 'about': the text before the first `##` as a lede, each `##` section beside its heading; 'legal': numbered `##` sections with a list of contents.",
    ),
  kicker: text('The kicker')
    .trim()
    .max(120, 'The kicker is at most 120 characters.')
    .describe("The small line over the title; empty: the site's name."),
};

// The search and social fields, each optional: an empty one keeps the page's default.
const pageSeo = z.object(seoInput).partial().shape;

const newPageBody = z.strictObject({
  title: fields.title,
  slug: fields.slug,
  content: fields.content.optional(),
  status: fields.status.optional(),
  inFooter: fields.inFooter.optional(),
  ...pageSeo,
  layout: fields.layout.optional(),
  kicker: fields.kicker.optional(),
});

const pageChangeBody = z.strictObject({
  title: fields.title.optional(),
  slug: fields.slug.optional(),
  content: fields.content.optional(),
  status: fields.status.optional(),
  inFooter: fields.inFooter.optional(),
  ...pageSeo,
  layout: fields.layout.optional(),
  kicker: fields.kicker.optional(),
});

const pageNotFound = () => errors.notFound('Page not found.');

/** A fixed page (About, Terms, Privacy: SPEC's links name them) keeps its address, stays published and is never deleted. */
function checkFixed(page: SitePage, change: { slug?: string; status?: string; inFooter?: boolean } | 'delete'): void {
  const refusal =
    change === 'delete'
      ? fixedPageRefusal(page.slug, 'delete')
      : (change.slug !== undefined && change.slug !== page.slug && fixedPageRefusal(page.slug, 'move')) ||
        (change.status === 'draft' && fixedPageRefusal(page.slug, 'unpublish')) ||
        (change.inFooter === true && fixedPageRefusal(page.slug, 'footer')) ||
        undefined;
  if (refusal) throw errors.conflict(refusal);
}
const withUrl = (page: SitePage) => ({ ...page, url: sitePagePath(page.slug) });

/**
 * The URL authority's answer for a page's slug: malformed (400), or owned by a route, a reserved
 * word, a city or another page (409, the reason in the message).
 */
export async function checkSlug(db: Db, slug: string, pageId?: number): Promise<void> {
  const refusal = pageSlugRefusal(slug);
  if (refusal?.reason === 'malformed') throw errors.invalidField('slug', refusal.message);
  if (refusal) throw errors.conflict(refusal.message, 'slug');
  const city = await getCityBySlug(db, slug);
  if (city) throw errors.conflict(`/${slug} belongs to the city ${city.name}.`, 'slug');
  if (await sitePageSlugTaken(db, slug, pageId)) throw errors.conflict(`Another page already lives at /${slug}.`, 'slug');
}

/**
 * Keeps a page's old address working: a live page that moves leaves a 301 from where it was; a
 * page going live takes its address back from any redirect; one taken down leaves none to it.
 */
export async function followAddress(db: Db, before: SitePage | undefined, after: SitePage | undefined, now: string): Promise<void> {
  const wasAt = before?.status === 'published' ? sitePagePath(before.slug) : undefined;
  const isAt = after?.status === 'published' ? sitePagePath(after.slug) : undefined;
  if (isAt) await removeRedirectFrom(db, isAt);
  if (!wasAt || wasAt === isAt) return;
  if (isAt) await addRedirect(db, wasAt, isAt, now);
  else await removeRedirectsTo(db, wasAt);
}

function answerPage(c: Context<AppEnv>, page: SitePage, status: 200 | 201 = 200) {
  c.header('ETag', versionTag(page.version));
  return c.json(withUrl(page), status);
}

const describe = describer('Pages');
const byId = pathParameter('id', "The page's id.", 'integer');
const ABOUT_EXAMPLE = {
  id: 1,
  slug: 'visiting',
  title: 'Visiting Us',
  content: 'Our kitchen is open to readers on the first Friday of the month.',
  status: 'published',
  inFooter: true,
  layout: 'standard',
  kicker: '',
  version: 1,
  createdAt: '2025-01-15T09:30:00.000Z',
  updatedAt: '2025-01-15T09:30:00.000Z',
  publishedAt: '2025-01-15T09:30:00.000Z',
  url: '/visiting',
  ...EMPTY_SEO,
};

/** /api/pages: the site's written pages (About-like), live at /{slug} once published. */
export const sitePageRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listPages',
      summary: 'Every page',
      description: 'Every page, drafts too, by title. Never cached.',
      responses: { 200: answer('The pages.', z.array(SitePageShape)) },
      examples: [{ name: 'none', summary: 'None yet', status: 200, response: [] }],
    }),
    allow('editor'),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json((await listSitePages(c.get('db'))).map(withUrl));
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getPage',
      summary: 'One page',
      parameters: [byId],
      responses: { 200: answer('The page, with its version.', SitePageShape, { versioned: true }), ...refusals('not_found') },
      examples: [
        {
          name: 'missing',
          summary: 'No such page',
          params: { id: 99 },
          status: 404,
          response: { message: 'Page not found.', code: 'not_found' },
        },
      ],
    }),
    allow('editor'),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const page = await getSitePage(c.get('db'), parseId(c.req.param('id'), 'Page not found.'));
      if (!page) throw pageNotFound();
      return answerPage(c, page);
    },
  )
  .post(
    '/',
    describe({
      operationId: 'createPage',
      summary: 'Add a page',
      description:
        "A page at `/{slug}`: a draft unless `status` is `published`, when it is live before the answer. A slug that is not lowercase letters and digits joined by hyphens is refused (400); one that a route of the site (`admin`, `api`, `search`, `posts`, `sitemap`, ...), a reserved name, a city or another page owns is refused (409) with the reason. `inFooter` adds its link to the footer. `metaTitle`, `metaDescription`, `ogImage`, `canonicalUrl` and `noindex` are its search and social fields, checked as a post's are (empty: the page's own title, a description from its text, the site's share image, its own address; `noindex` also leaves it out of the sitemap).",
      responses: {
        201: answer('The page, with its address and version.', SitePageShape, { versioned: true }),
        ...refusals('validation', 'conflict'),
      },
      examples: [
        {
          name: 'visiting',
          summary: 'Publish a page',
          body: {
            title: 'Visiting Us',
            slug: 'visiting',
            content: 'Our kitchen is open to readers on the first Friday of the month.',
            status: 'published',
            inFooter: true,
          },
          status: 201,
          response: ABOUT_EXAMPLE,
        },
        {
          name: 'routeOwned',
          summary: 'A slug a route owns',
          body: { title: 'Search', slug: 'search' },
          status: 409,
          response: { message: "/search belongs to one of the site's own pages.", code: 'conflict', field: 'slug' },
        },
        {
          name: 'cityOwned',
          summary: "A city's slug",
          body: { title: 'Kyoto', slug: 'kyoto' },
          status: 409,
          response: { message: '/kyoto belongs to the city Kyoto.', code: 'conflict', field: 'slug' },
        },
        {
          name: 'malformed',
          summary: 'A malformed slug',
          body: { title: 'Hello', slug: 'Hello World' },
          status: 400,
          response: { message: 'A slug is lowercase letters and digits joined by single hyphens.', code: 'validation', field: 'slug' },
        },
      ],
    }),
    allow('editor'),
    validate('json', newPageBody),
    async (c) => {
      const input = c.req.valid('json');
      const page = await commitWrite(c, async (trx) => {
        await checkSlug(trx, input.slug);
        const now = nowIso();
        const created = await createSitePage(trx, input, now);
        await followAddress(trx, undefined, created, now);
        return created;
      });
      return answerPage(c, page, 201);
    },
  )
  .patch(
    '/:id',
    describe({
      operationId: 'updatePage',
      summary: 'Change a page',
      description:
        'Any of the fields `POST /api/pages` takes. Publishing puts the page live at `/{slug}` before the answer; `draft` takes it down; a new slug moves a live page and leaves a 301 from its old address. About, Terms and Privacy (`/about`, `/terms`, `/privacy`, linked from the header and footer of every page) keep their address, stay published and are not added to the footer again: such a change is refused (409) with the reason. Send the version the change was made to as `If-Match`: a write to an older one is refused (412) and changes nothing.',
      parameters: [byId],
      responses: {
        200: answer('The page, with its new version.', SitePageShape, { versioned: true }),
        ...refusals('validation', 'not_found', 'conflict', 'stale_version'),
      },
      examples: [
        {
          name: 'missing',
          summary: 'No such page',
          params: { id: 99 },
          body: { status: 'draft' },
          status: 404,
          response: { message: 'Page not found.', code: 'not_found' },
        },
      ],
    }),
    allow('editor'),
    validate('json', pageChangeBody),
    async (c) => {
      const id = parseId(c.req.param('id'), 'Page not found.');
      const precondition = readIfMatch(c.req.header('If-Match'));
      const change = c.req.valid('json');
      const page = await commitWrite(c, async (trx) => {
        const current = await getSitePage(trx, id);
        if (!current) throw pageNotFound();
        if (!satisfies(precondition, current.version))
          throw ApiError.of('stale_version', 'This page was changed since you opened it; reload it and make your change again.', {
            stale: { currentVersion: current.version, changedBy: null, changedAt: current.updatedAt, changes: [] },
          });
        checkFixed(current, change);
        if (change.slug !== undefined && change.slug !== current.slug) await checkSlug(trx, change.slug, id);
        const now = nowIso();
        const updated = (await updateSitePage(trx, id, change, now))!;
        await followAddress(trx, current, updated, now);
        return updated;
      });
      return answerPage(c, page);
    },
  )
  .delete(
    '/:id',
    describe({
      operationId: 'deletePage',
      summary: 'Delete a page into the trash',
      description:
        'Moves the page to the trash (kept 30 days with its history; `POST /api/trash/page/{id}/restore` brings it back): a published one is gone from the site and the search before the answer, and no redirect leads to its address any more. About, Terms and Privacy are never deleted (409, with the reason).',
      parameters: [byId],
      responses: { 204: { description: 'Moved to the trash.' }, ...refusals('not_found', 'conflict') },
      examples: [
        {
          name: 'missing',
          summary: 'No such page',
          params: { id: 99 },
          status: 404,
          response: { message: 'Page not found.', code: 'not_found' },
        },
      ],
    }),
    allow('editor'),
    async (c) => {
      const id = parseId(c.req.param('id'), 'Page not found.');
      const deleted = await commitWrite(c, async (trx) => {
        const page = await getSitePage(trx, id);
        if (!page) return false;
        checkFixed(page, 'delete');
        await followAddress(trx, page, undefined, nowIso());
        return deleteSitePage(trx, id);
      });
      if (!deleted) throw pageNotFound();
      return c.body(null, 204);
    },
  );
