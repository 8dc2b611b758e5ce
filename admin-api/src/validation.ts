import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { z } from 'zod';
import { errors } from './errors.ts';

/**
 * Validates one part of the request with zod; a failure becomes a 400 whose message is the first
 * problem's own message (schemas carry the user-facing wording). With `nameField`, a problem with
 * one top-level field also names that field, for editors that show each message beside its field.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
  { nameField = false }: { nameField?: boolean } = {},
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const message = issue?.message ?? 'The request is not valid.';
      const field = issue?.path.length === 1 && typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
      throw nameField && field !== undefined ? errors.invalidField(field, message) : errors.validation(message);
    }
  });
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
