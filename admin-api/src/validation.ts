import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { z } from 'zod';
import { errors } from './errors.ts';

/**
 * Validates one part of the request with zod; a failure becomes a 400 whose message is the first
 * problem's own message (schemas carry the user-facing wording). A JSON body must say it is JSON:
 * any other Content-Type (or none) is a 415 before the body is read. With `nameField`, a problem with
 * one top-level field also names that field, for editors that show each message beside its field.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
  { nameField = false }: { nameField?: boolean } = {},
) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const message = issue?.message ?? 'The request is not valid.';
      const field = issue?.path.length === 1 && typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
      throw nameField && field !== undefined ? errors.invalidField(field, message) : errors.validation(message);
    }
  });
  if (target !== 'json') return validator;
  // The validator reads a body of another type as no fields at all, which a route whose fields are
  // all optional (the post preview) would take as a valid, empty request.
  const jsonOnly: typeof validator = async (c, next) => {
    if (!isJsonContentType(c.req.header('content-type')))
      throw errors.unsupportedMedia('unsupported_media_type', 'Send the request body as JSON, with Content-Type: application/json.');
    return validator(c, next);
  };
  jsonBodyHandlers.add(jsonOnly);
  return jsonOnly;
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
