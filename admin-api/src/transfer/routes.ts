import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { exportContent, ImportRefusal, importContent, nowIso, type ExportDocument, type ImportReport } from '@forkcast/content-db';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { answer, describer, refusals } from '../openapi/describe.ts';
import { allow } from '../permissions/guards.ts';
import { validate } from '../validation.ts';
import { commitWrite } from '../write.ts';
import { exportDocument } from './document-schema.ts';

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

const describe = describer('Export and import');

/** GET /api/export and POST /api/import: all content as one versioned JSON document (docs/export.md), and back. */
export const transferRoutes = new Hono<AppEnv>()
  .get(
    '/export',
    describe({
      operationId: 'exportContent',
      summary: 'Export all content',
      description:
        'One JSON document (format `forkcast-export`, version 1, described in docs/export.md) of every post and guide with its body and authors, every city with its itinerary, the users (without passwords or sessions) and the homepage hero, read at one moment; with `subscribers=1` also the newsletter list. Uploaded files are not in it. Sent as a download. Never cached.',
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
        "Takes a document `GET /api/export` made (of this version) into this site, which must hold no posts and no cities (409 otherwise): every city and post comes back with its id, body, itinerary, status and dates, and the site renders as the source did once the answer comes (the pages are published first). Users are matched by email, or created without a password (they set one with 'Forgot password'); the source's owner joins as an administrator. Subscribers already on the list are left as they are. A document that is not valid is a 400 naming where the problem is, and nothing is imported. At most 200 MB.",
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
    bodyLimit({
      maxSize: IMPORT_BODY_LIMIT,
      onError: () => {
        throw errors.tooLarge('body_too_large', 'The import is larger than 200 MB.');
      },
    }),
    validate('json', exportDocument, { pathInMessage: true }),
    async (c) => {
      const document = c.req.valid('json') as ExportDocument;
      try {
        const report = await commitWrite(c, (trx) => importContent(trx, document, nowIso()));
        return c.json<ImportReport>(report);
      } catch (error) {
        if (error instanceof ImportRefusal) throw errors.conflict(error.message);
        throw error;
      }
    },
  );
