import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { exportContent, ImportRefusal, importContent, nowIso, type ExportDocument, type ImportReport } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { answer, describer, refusals } from '../openapi/describe.ts';
import { allow } from '../permissions/guards.ts';
import { validate } from '../validation.ts';
import { ensureCards } from '../social-cards/cards.ts';
import { commitWrite } from '../write.ts';
import { exportDocument } from './document-schema.ts';
import { ghostExport } from './ghost/format.ts';
import { importGhost, type GhostImportReport } from './ghost/import.ts';

/** The largest import body: a site of tens of thousands of posts. */
const IMPORT_BODY_LIMIT = 200 * 1024 * 1024;

const exportQuery = z.object({
  subscribers: z
    .enum(['0', '1'], { error: "subscribers must be '0' or '1'." })
    .optional()
    .describe('`1`: include the newsletter subscribers.'),
});

const importReport = z
  .object({
    users: z.object({ created: z.number().int(), matched: z.number().int() }),
    cities: z.number().int(),
    posts: z.number().int(),
    subscribers: z.object({ created: z.number().int(), skipped: z.number().int() }),
  })
  .meta({ id: 'ImportReport', description: 'What an import created, and what it matched or left as it was.' });

const ghostQuery = z.object({
  dryRun: z
    .enum(['0', '1'], { error: "dryRun must be '0' or '1'." })
    .optional()
    .describe('`1`: report what would be created or skipped, and change nothing.'),
  ghostUrl: z
    .url({ protocol: /^https?$/, error: 'ghostUrl must be the http(s) address of the Ghost site.' })
    .max(2_000)
    .optional()
    .describe("The Ghost site's address, put where the export says `__GHOST_URL__` (its images and links)."),
});

const ghostReport = z
  .object({
    dryRun: z.boolean(),
    posts: z.object({
      created: z.array(z.object({ slug: z.string(), title: z.string(), status: z.enum(['published', 'draft', 'scheduled']) })),
      skipped: z.array(z.object({ slug: z.string(), reason: z.string() })),
    }),
    users: z.object({ created: z.array(z.string()), matched: z.array(z.string()) }),
    tags: z.array(z.string()),
    redirects: z.array(z.object({ from: z.string(), to: z.string() })),
    notCarried: z.object({
      cards: z.array(z.object({ post: z.string(), cards: z.array(z.string()) })),
      internalTags: z.array(z.string()),
      pages: z.array(z.string()),
      members: z.number().int(),
      tiers: z.number().int(),
      newsletters: z.number().int(),
      offers: z.number().int(),
      snippets: z.number().int(),
      images: z.array(z.object({ post: z.string(), src: z.string(), reason: z.string() })),
    }),
  })
  .meta({ id: 'GhostImportReport', description: 'What a Ghost import created, skipped, and could not carry.' });

/** Thrown out of a dry run's transaction so that it rolls back, carrying what it would have done. */
class DryRun extends Error {
  readonly report: GhostImportReport;
  constructor(report: GhostImportReport) {
    super('dry run');
    this.report = report;
  }
}

const describe = describer('Export and import');
const largeBody = (label: string) =>
  bodyLimit({
    maxSize: IMPORT_BODY_LIMIT,
    onError: () => {
      throw errors.tooLarge('body_too_large', `The ${label} is larger than 200 MB.`);
    },
  });

/** GET /api/export and POST /api/import: all content as one versioned JSON document (docs/export.md), and back. */
export const transferRoutes = new Hono<AppEnv>()
  .get(
    '/export',
    describe({
      operationId: 'exportContent',
      summary: 'Export all content',
      description:
        'One JSON document (format `forkcast-export`, version 2, described in docs/export.md) of every post and guide with its body and authors, every city with its itinerary, the users (without passwords or sessions), the homepage hero, the redirects, the pages editors wrote and the alt text and focal point of each upload in the media library, read at one moment; with `subscribers=1` also the newsletter list. Uploaded files are not in it. Sent as a download. Never cached.',
      parameters: [
        {
          in: 'query',
          name: 'subscribers',
          required: false,
          description: '`1`: include the subscribers.',
          schema: { type: 'string', enum: ['0', '1'] },
        },
      ],
      responses: { 200: answer('The export document.', exportDocument), ...refusals('validation') },
      examples: [
        {
          name: 'bad',
          summary: 'A wrong flag',
          query: { subscribers: 'yes' },
          status: 400,
          response: { message: "subscribers must be '0' or '1'.", code: 'validation' },
        },
      ],
    }),
    allow('administrator'),
    validate('query', exportQuery),
    async (c) => {
      const { config } = c.var;
      const now = nowIso();
      const document = await c
        .get('db')
        .transaction()
        .execute((trx) =>
          exportContent(trx, {
            now,
            site: { name: config.siteName, publicHost: config.publicHost },
            subscribers: c.req.valid('query').subscribers === '1',
          }),
        );
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', `attachment; filename="forkcast-export-${now.slice(0, 10)}.json"`);
      return c.json<ExportDocument>(document);
    },
  )
  .post(
    '/import',
    describe({
      operationId: 'importContent',
      summary: 'Import an export',
      description:
        "Takes a document `GET /api/export` made (of version 1 or 2) into this site, which must hold no posts and no cities (409 otherwise): every city and post comes back with its id, body, itinerary, status and dates, and the site renders as the source did once the answer comes (the pages are published first). Users are matched by email, or created without a password (they set one with 'Forgot password'); the source's owner joins as an administrator. Subscribers already on the list are left as they are. A document that is not valid is a 400 naming where the problem is, and nothing is imported. At most 200 MB.",
      responses: { 200: answer('What was imported.', importReport), ...refusals('validation', 'conflict', 'body_too_large') },
      examples: [
        {
          name: 'notAnExport',
          summary: 'Not a Forkcast export',
          body: { format: 'ghost' },
          status: 400,
          response: { message: "format: format must be 'forkcast-export': this is not a Forkcast export.", code: 'validation' },
        },
      ],
    }),
    allow('administrator'),
    largeBody('import'),
    validate('json', exportDocument, { pathInMessage: true }),
    async (c) => {
      const document = c.req.valid('json') as ExportDocument;
      // The social cards of the library's focal points, for the masters the uploads folder holds,
      // exist before the pages naming them are published (a refused import leaves them to the sweep).
      const cards = await ensureCards(c.get('config').uploadDir, document.media);
      const pushed = await c.get('bucket')?.publishUploads(cards);
      if (pushed?.error) c.get('logger').warn({ err: pushed.error }, 'the uploads bucket does not hold the imported social cards yet');
      try {
        const report = await commitWrite(c, (trx) => importContent(trx, document, nowIso()));
        return c.json<ImportReport>(report);
      } catch (error) {
        if (error instanceof ImportRefusal) throw errors.conflict(error.message);
        throw error;
      }
    },
  )
  .post(
    '/import/ghost',
    describe({
      operationId: 'importGhost',
      summary: 'Import from Ghost',
      description:
        "Takes a Ghost JSON export (Ghost 4, 5 or 6; bodies in `lexical`, `mobiledoc` or `html`) and creates its posts as Markdown, with their status (published, draft, scheduled) and dates, public tags in order, feature images with alt text and captions, and authors as users without passwords (matched by email). Ghost's addresses answer 301 to the new ones: `/{slug}/`, `/tag/{slug}/`, `/author/{slug}/`. A post whose slug a post here has is skipped, so importing the same file again creates nothing. What Forkcast has no place for (cards it does not know, pages, internal tags, members, tiers, newsletters, offers, snippets) is listed in `notCarried`. With `dryRun=1`, nothing changes and the report says what would happen. At most 200 MB.",
      parameters: [
        { in: 'query', name: 'dryRun', required: false, description: '`1`: change nothing.', schema: { type: 'string', enum: ['0', '1'] } },
        { in: 'query', name: 'ghostUrl', required: false, description: "The Ghost site's address.", schema: { type: 'string' } },
      ],
      responses: { 200: answer('What was (or would be) imported.', ghostReport), ...refusals('validation', 'body_too_large') },
      examples: [
        {
          name: 'notGhost',
          summary: 'Not a Ghost export',
          body: { posts: [] },
          status: 400,
          response: {
            message: 'This is not a Ghost export: expected { "db": [{ "meta", "data": { "posts": [...] } }] }.',
            code: 'validation',
          },
        },
      ],
    }),
    allow('administrator'),
    largeBody('Ghost export'),
    validate('query', ghostQuery),
    validate('json', ghostExport, { pathInMessage: true }),
    async (c) => {
      const { dryRun, ghostUrl } = c.req.valid('query');
      const ghost = c.req.valid('json');
      const options = { now: nowIso(), ...(ghostUrl ? { ghostUrl } : {}) };
      if (dryRun === '1') {
        try {
          await c
            .get('db')
            .transaction()
            .execute(async (trx) => {
              throw new DryRun(await importGhost(trx, ghost, options));
            });
        } catch (error) {
          if (error instanceof DryRun) return c.json<GhostImportReport>({ ...error.report, dryRun: true });
          throw error;
        }
      }
      return c.json<GhostImportReport>(await commitWrite(c, (trx) => importGhost(trx, ghost, options)));
    },
  );
