import type { Context, ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import type { z } from 'zod';
import { errors } from './errors.ts';

// A form route reads the urlencoded body a browser's form posts (multipart is read the same way).
const FORM_MEDIA = 'application/x-www-form-urlencoded';

/**
 * Validates one part of the request with zod; a failure becomes a 400 whose message is the first
 * problem's own message (schemas carry the user-facing wording). A JSON body must say it is JSON:
 * any other Content-Type (or none) is a 415 before the body is read. With `nameField`, a problem with
 * one top-level field also names that field, for editors that show each message beside its field;
 * with `pathInMessage`, the message starts with where the problem is (`posts[3].post.slug: ...`), for
 * large documents such as an import. The middleware also carries the schema into the OpenAPI document (admin-api/src/openapi/), so
 * what the document says a request takes is what this checks.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
  { nameField = false, pathInMessage = false }: { nameField?: boolean; pathInMessage?: boolean } = {},
) {
  const hook = (result: { success: true } | { success: false; error: readonly { message: string; path?: readonly unknown[] }[] }) => {
    if (!result.success) {
      const issue = result.error[0];
      const where = pathInMessage && issue?.path?.length ? `${formatPath(issue.path)}: ` : '';
      const message = `${where}${issue?.message ?? 'The request is not valid.'}`;
      const field = issue?.path?.length === 1 && typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
      throw nameField && field !== undefined ? errors.invalidField(field, message) : errors.validation(message);
    }
  };
  const checked = validator(target, schema, hook, target === 'form' ? { media: FORM_MEDIA } : undefined);
  if (target !== 'json') return checked;
  // The validator reads a body of another type as no fields at all, which a route whose fields are
  // all optional (the post preview) would take as a valid, empty request.
  const jsonOnly: typeof checked = async (c, next) => {
    if (!isJsonContentType(c.req.header('content-type')))
      throw errors.unsupportedMedia('unsupported_media_type', 'Send the request body as JSON, with Content-Type: application/json.');
    return checked(c, next);
  };
  // The OpenAPI document finds the schema on the middleware the route table holds: this one.
  Object.assign(jsonOnly, checked);
  jsonBodyHandlers.add(jsonOnly);
  return jsonOnly;
}

/** A problem's place in a document, as `posts[3].post.slug`. */
function formatPath(path: readonly unknown[]): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`)).join('');
}

// The media types hono's validator parses as JSON (`application/json`, `application/*+json`).
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Whether a Content-Type names JSON, by the rule the JSON validator parses bodies by. */
export function isJsonContentType(contentType: string | undefined): boolean {
  return JSON_MEDIA_TYPE.test((contentType ?? '').split(';')[0]!.trim());
}

// The middleware validate() made for JSON bodies: the route table names the JSON routes by them.
const jsonBodyHandlers = new WeakSet<object>();

/** Whether a handler of the route table validates the request body as JSON (see validate). */
export function readsJsonBody(handler: unknown): boolean {
  return typeof handler === 'function' && jsonBodyHandlers.has(handler);
}

/** A route parameter that must be a database id; anything else is a 404 with `message`. */
export function parseId(value: string | undefined, message: string): number {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) throw errors.notFound(message);
  return Number(value);
}

/** The fields of a urlencoded or multipart body; a body that cannot be parsed is a 400, never a 500. */
export async function readForm(c: Context): Promise<Record<string, string | File>> {
  try {
    return await c.req.parseBody();
  } catch {
    throw errors.validation('The form could not be read.');
  }
}
