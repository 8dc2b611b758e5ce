import type { MiddlewareHandler } from 'hono';
import { describeRoute, resolver, uniqueSymbol, type DescribeRouteOptions } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { ERROR_STATUSES, type ErrorCode } from '../errors.ts';
import { StaleVersion } from './shapes.ts';

/**
 * The pieces each route's description is made of: who may call it, its answers and refusals, and
 * its example exchanges. Routes attach them with `describer(tag)`; document.ts assembles them.
 */

/**
 * A signed-in user's session cookie, as the OpenAPI security scheme every guarded route names, with
 * the roles it admits as the requirement's scopes (permissions/guards.ts).
 */
export const SESSION_SCHEME = 'session';
/** Anyone; a signed-in user is answered more (drafts, details). */
export const SIGNED_IN_OPTIONAL: OpenAPIV3_1.SecurityRequirementObject[] = [{}, { [SESSION_SCHEME]: [] }];
/** The operation field that says who, of the roles a route admits, may use it on what (a post guard's or the route's own rule). */
export const ACCESS = 'x-forkcast-access';

type CatalogueCode = Exclude<ErrorCode, 'http_error'>;

/** The body of every error answer (errors.ts's ErrorBody). */
export const ErrorBody = z
  .object({
    message: z.string().describe("What went wrong, in words for the reader (the product's own wording where it has one)."),
    code: z
      .enum([...(Object.keys(ERROR_STATUSES) as CatalogueCode[]), 'http_error'])
      .describe('Which error, for a program to tell them apart.'),
    field: z.string().optional().describe('The one body field at fault, so an editor can show the message beside it.'),
    problems: z
      .array(
        z.object({
          row: z.number().int().min(1).optional().describe('1-based; the header is row 1.'),
          column: z.string().optional(),
          message: z.string(),
        }),
      )
      .optional()
      .describe("An itinerary's problems, row by row and column by column."),
    ...StaleVersion.partial().shape,
  })
  .describe('The body of every error answer.');

const ERROR_SCHEMA_REF = '#/components/schemas/Error';

const MEANING: Record<number, string> = {
  400: 'The request breaks a rule; `message` says which. Nothing was changed.',
  401: 'Not signed in (or the email or password is wrong).',
  403: "Refused: the signed-in user's role does not allow it (`message` says who may), or the browser marks the request as coming from another site.",
  404: 'Nothing of that kind here.',
  409: 'The change clashes with what is stored; `message` says how. Nothing was changed.',
  410: 'The link was used, revoked or has expired; `message` says which. Nothing was changed.',
  412: 'The write was made to another version than the current one (`If-Match`): `currentVersion`, `changedBy` and `changedAt` name the current one, `changes` says what changed since. Nothing was changed.',
  413: 'The request is too large.',
  415: 'The request is not in a form this route reads, or the upload is not an image it accepts.',
  421: 'The request names a host this server does not answer for.',
  422: 'The upload is well formed but its itinerary does not hold up; `problems` lists where.',
  429: 'Too many requests; `Retry-After` says how many seconds to wait.',
  500: 'The request failed on the server.',
  502: 'The mail server refused the message or could not be reached.',
  503: 'The server cannot do this now; `Retry-After` says when to try again, where it can say.',
  507: 'The disk is full; nothing was written.',
};

/** The error answers of a route: one per status, the error shape with `code` held to the given codes. */
export function refusals(...codes: CatalogueCode[]): Record<string, OpenAPIV3_1.ResponseObject> {
  const byStatus = new Map<number, CatalogueCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUSES[code], [...(byStatus.get(ERROR_STATUSES[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, those]) => [
      String(status),
      {
        description: MEANING[status] ?? 'Refused.',
        content: {
          'application/json': { schema: { allOf: [{ $ref: ERROR_SCHEMA_REF }, { properties: { code: { enum: those } } }] } },
        },
      },
    ]),
  );
}

/** The ETag of an answer about one editable entity: its version. */
export const ETAG: Record<string, OpenAPIV3_1.HeaderObject> = {
  ETag: {
    description: 'The version of the post, city or homepage hero, quoted (`"42"`): what a write sends back as `If-Match`.',
    schema: { type: 'string' },
  },
};

/**
 * A JSON answer of the given shape, converted as the server sends it (zod's output side); with
 * `versioned`, it carries the entity's version as its ETag.
 */
export function answer(description: string, schema: z.ZodType, options: { versioned?: boolean } = {}): OpenAPIV3_1.ResponseObject {
  return {
    description,
    ...(options.versioned ? { headers: ETAG } : {}),
    content: { 'application/json': { schema: resolver(schema, { options: { io: 'output' } }) as never } },
  };
}

/** An answer that is not JSON: a page, a CSV file, an event stream. */
export function document(description: string, media: string): OpenAPIV3_1.ResponseObject {
  return { description, content: { [media]: { schema: { type: 'string' } } } };
}

/** A 303 to another page: what a browser's form post or a link in an email is answered. */
export function redirect(description: string): OpenAPIV3_1.ResponseObject {
  return { description, headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } } };
}

/** A path parameter with what it names. */
export function pathParameter(name: string, description: string, type: 'integer' | 'string' = 'string'): OpenAPIV3_1.ParameterObject {
  return { in: 'path', name, required: true, description, schema: type === 'integer' ? { type, minimum: 1 } : { type } };
}

/**
 * One documented exchange: a request the route takes and what it answers. document.ts places each
 * part where OpenAPI keeps examples (path and query parameters, the request body, the response), all
 * under `name`, and openapi-examples.test.ts sends every one to a real app over the seeded content.
 */
export interface Exchange {
  name: string;
  summary: string;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  /** Request headers the route documents as parameters (If-Match). */
  headers?: Record<string, string>;
  /** The request body: JSON, or the fields of a form (`media` says which). */
  body?: unknown;
  media?: string;
  status: number;
  /** The JSON answered, where there is one. */
  response?: unknown;
}

/** The operation field the exchanges travel in until document.ts places them. */
export const EXCHANGES = 'x-forkcast-exchanges';

export type RouteDoc = Omit<DescribeRouteOptions, 'tags'> & {
  operationId: string;
  summary: string;
  examples?: Exchange[];
  /** Who may call it, where the handler narrows the roles its guard admits by whose thing it is (kept in ACCESS). */
  access?: string;
};

/** Describes the routes of one resource: `tag` groups them in the document and docs/api.md. */
export function describer(tag: string): (doc: RouteDoc) => MiddlewareHandler {
  return ({ examples, access, ...spec }) =>
    describeRoute({ tags: [tag], ...spec, ...(access ? { [ACCESS]: access } : {}), ...(examples ? { [EXCHANGES]: examples } : {}) });
}

/**
 * Lets a middleware describe what it adds to every route it guards (a sign-in requirement, a rate
 * limit), so the document says so wherever it runs and nowhere else.
 */
export function documented<M extends MiddlewareHandler>(
  middleware: M,
  spec: Omit<DescribeRouteOptions, 'tags'> & { [ACCESS]?: string },
): M {
  return Object.assign(middleware, { [uniqueSymbol]: { spec } });
}
