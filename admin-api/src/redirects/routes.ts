import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { resolver } from 'hono-openapi';
import { z } from 'zod';
import { createRedirect, deleteRedirect, listStoredRedirects, nowIso, type StoredRedirect } from '@forkcast/content-db';
import type { RedirectImportResult, RedirectView } from '@forkcast/shared/contracts';
import { REDIRECT_MAX_LENGTH, REDIRECT_STATUSES, redirectSourcePath, redirectTarget } from '@forkcast/shared/urls';
import type { AppEnv } from '../context.ts';
import { errors } from '../errors.ts';
import { answer, describer, pathParameter, refusals } from '../openapi/describe.ts';
import * as shapes from '../openapi/shapes.ts';
import { allow } from '../permissions/guards.ts';
import { text } from '../schemas.ts';
import { parseId, readForm, validate } from '../validation.ts';
import { commitWrite } from '../write.ts';
import { CSV_BYTES, nothingImported, readRedirectCsv, RedirectCsvError } from './csv.ts';
import { FROM_RULE, redirectRefusals, STATUS_RULE, TO_RULE } from './rules.ts';

const createBody = z.object({
  from: text('The old path')
    .trim()
    .max(REDIRECT_MAX_LENGTH, `The old path can be at most ${REDIRECT_MAX_LENGTH} characters.`)
    .transform((value, ctx) => redirectSourcePath(value) ?? (ctx.addIssue({ code: 'custom', message: FROM_RULE }), z.NEVER))
    .describe('The path to answer, on this site: `/old-menu` (a trailing slash is dropped).'),
  to: text('Where it leads')
    .trim()
    .max(REDIRECT_MAX_LENGTH, `Where it leads can be at most ${REDIRECT_MAX_LENGTH} characters.`)
    .transform((value, ctx) => redirectTarget(value) ?? (ctx.addIssue({ code: 'custom', message: TO_RULE }), z.NEVER))
    .describe('A path on this site (`/lisbon/guide`, a query string may follow) or an http(s) address.'),
  status: z.literal(REDIRECT_STATUSES, { error: STATUS_RULE }).default(301).describe('301 (the default): moved for good; 302: for now.'),
});

const importForm = z.object({
  csvFile: z
    .file()
    .describe(
      `A .csv file of at most ${CSV_BYTES / 1024} KB: \`from,to,status\` on each line, a header line optional, status 301 when left empty.`,
    ),
});

const view = ({ fromPath, toPath, ...rest }: StoredRedirect): RedirectView => ({ from: fromPath, to: toPath, ...rest });

const describe = describer('Redirects');

/** /api/redirects: the site's redirects, automatic ones and those editors make, with their rules. */
export const redirectRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listRedirects',
      summary: 'The redirects',
      description:
        "Every path the site answers with a redirect, by path: those slug changes and imports left (`automatic`, kept up to date as posts move) and those editors made. The server answers them, and the site folder's `_redirects` lists them for static hosts and CDNs. Never cached.",
      responses: { 200: answer('The redirects.', z.array(shapes.RedirectEntry)) },
      examples: [{ name: 'none', summary: 'None yet', status: 200, response: [] }],
    }),
    allow('editor'),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json<RedirectView[]>((await listStoredRedirects(c.get('db'))).map(view));
    },
  )
  .post(
    '/',
    describe({
      operationId: 'createRedirect',
      summary: 'Add a redirect',
      description:
        'Answers `from` with a redirect to `to`, live before the answer comes (in `_redirects` too). Refused with 409 when a live page (or the site itself: /api, /admin, /uploads) answers `from`, or a redirect from it exists; with 400 when it would lead to itself, to a path that redirects on, or start where another redirect ends: readers always take one hop.',
      responses: { 201: answer('The redirect.', shapes.RedirectEntry), ...refusals('validation', 'conflict') },
      examples: [
        {
          name: 'livePage',
          summary: 'A live page',
          body: { from: '/about', to: '/city-guides' },
          status: 409,
          response: { message: '/about is a live page: a redirect from it would never be followed.', code: 'conflict', field: 'from' },
        },
        {
          name: 'script',
          summary: 'Not an address',
          body: { from: '/old-menu', to: 'javascript:alert(1)' },
          status: 400,
          response: { message: TO_RULE, code: 'validation' },
        },
      ],
    }),
    allow('editor'),
    validate('json', createBody),
    async (c) => {
      const request = c.req.valid('json');
      const created = await commitWrite(c, async (trx) => {
        const refusal = (await redirectRefusals(trx, [request])).get(0);
        if (refusal)
          throw refusal.status === 409
            ? errors.conflict(refusal.message, refusal.field)
            : errors.invalidField(refusal.field, refusal.message);
        const id = await createRedirect(trx, { fromPath: request.from, toPath: request.to, status: request.status }, nowIso());
        return (await listStoredRedirects(trx)).find((redirect) => redirect.id === id)!;
      });
      return c.json<RedirectView>(view(created), 201);
    },
  )
  .post(
    '/import',
    describe({
      operationId: 'importRedirects',
      summary: 'Import redirects from a CSV file',
      description: `Multipart: \`csvFile\`, a list of redirects, one \`from,to,status\` per line (a header line \`from,to,status\` may come first; status 301 when empty), at most ${CSV_BYTES / 1024} KB. Each is held to the rules of \`POST /api/redirects\`, against the stored redirects and the rest of the list. All or nothing: a list with any problem adds none and answers 422 with a problem per line.`,
      requestBody: { required: true, content: { 'multipart/form-data': { schema: resolver(importForm) } } },
      responses: { 201: answer('What the list added.', shapes.RedirectImportResult), ...refusals('validation', 'invalid_csv') },
      examples: [
        {
          name: 'loop',
          summary: 'Two lines that loop',
          body: { csvFile: 'from,to,status\n/old-menu,/new-menu,301\n/new-menu,/old-menu,301\n' },
          media: 'multipart/form-data',
          status: 422,
          response: {
            message: 'Nothing was imported: 2 lines have problems.',
            code: 'invalid_csv',
            problems: [
              { row: 2, column: 'to', message: '/new-menu redirects back to /old-menu: readers would go round for ever.' },
              { row: 3, column: 'to', message: '/old-menu redirects back to /new-menu: readers would go round for ever.' },
            ],
          },
        },
      ],
    }),
    allow('editor'),
    bodyLimit({
      maxSize: CSV_BYTES + 64 * 1024,
      onError: () => {
        throw errors.tooLarge('file_too_large', `That CSV is larger than ${CSV_BYTES / 1024} KB.`);
      },
    }),
    async (c) => {
      if (!(c.req.header('content-type') ?? '').includes('multipart/form-data'))
        throw errors.unsupportedMedia('unsupported_media_type', 'Send the list as multipart/form-data, in the field csvFile.');
      const file = (await readForm(c)).csvFile;
      if (!(file instanceof File)) throw errors.validation('Choose a CSV file of redirects (the field csvFile).');
      if (file.size > CSV_BYTES) throw errors.tooLarge('file_too_large', `That CSV is larger than ${CSV_BYTES / 1024} KB.`);
      let lines;
      try {
        lines = readRedirectCsv(new Uint8Array(await file.arrayBuffer()));
      } catch (error) {
        if (error instanceof RedirectCsvError) throw errors.invalidCsv(error.message, error.problems);
        throw error;
      }
      const created = await commitWrite(c, async (trx) => {
        const refusals = await redirectRefusals(trx, lines);
        if (refusals.size > 0) {
          const problems = [...refusals].map(([index, refusal]) => ({
            row: lines[index]!.row,
            column: refusal.field,
            message: refusal.message,
          }));
          throw errors.invalidCsv(nothingImported(problems.length), problems);
        }
        const now = nowIso();
        for (const { from, to, status } of lines) await createRedirect(trx, { fromPath: from, toPath: to, status }, now);
        return lines.length;
      });
      return c.json<RedirectImportResult>({ created }, 201);
    },
  )
  .delete(
    '/:id',
    describe({
      operationId: 'deleteRedirect',
      summary: 'Delete a redirect',
      description:
        'The path answers as any other missing page again (or as the page that takes it). Automatic redirects may be deleted too.',
      parameters: [pathParameter('id', "The redirect's id.", 'integer')],
      responses: { 204: { description: 'Deleted.' }, ...refusals('not_found') },
      examples: [
        {
          name: 'missing',
          summary: 'No such redirect',
          params: { id: 99 },
          status: 404,
          response: { message: 'Redirect not found.', code: 'not_found' },
        },
      ],
    }),
    allow('editor'),
    async (c) => {
      const id = parseId(c.req.param('id'), 'Redirect not found.');
      await commitWrite(c, async (trx) => {
        if (!(await deleteRedirect(trx, id))) throw errors.notFound('Redirect not found.');
      });
      return c.body(null, 204);
    },
  );
