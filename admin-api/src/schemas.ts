import { z } from 'zod';
import { isEmailAddress, LIMITS } from '@forkcast/shared/contracts';

// Characters no text field may hold: C0 controls other than tab, line feed and carriage return,
// DEL, and C1 controls. They are invisible, break terminals, logs, CSV exports and mail headers,
// and NUL cuts strings short in other tools, so they are refused rather than stored.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// Tabs and line breaks belong only in fields written as paragraphs.
const TAB_OR_BREAK = /[\t\n\r]/;

const CONTROLS = new RegExp(CONTROL.source, 'g');

/** `value` without the characters no text field may hold (for text taken from elsewhere, such as an import). */
export function withoutControls(value: string): string {
  return value.replace(CONTROLS, '');
}

const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Why `value` cannot be stored in the field called `label`, or undefined when it can. The one
 * character rule for every text a request carries (JSON, forms, CSV cells); `multiline` fields may
 * also hold tabs and line breaks.
 */
export function textProblem(value: string, label: string, multiline = false): string | undefined {
  const control = CONTROL.exec(value)?.[0];
  if (control !== undefined) return `${label} contains an invisible control character (${codePoint(control)}); remove it and try again.`;
  // Surrounding whitespace is trimmed away before storing, so only breaks inside the text count.
  if (!multiline && TAB_OR_BREAK.test(value.trim())) return `${label} must be a single line, without tabs or line breaks.`;
  return undefined;
}

/**
 * A text field of a request, `label` naming it in messages ('The subject'). Every request schema
 * builds its strings from this, so the character rule above holds everywhere; chain trim, min,
 * max and the rest after it. `error` is the message for a missing or non-string value.
 */
export const text = (label: string, options: { multiline?: boolean; error?: string } = {}) =>
  z.string({ error: options.error ?? `${label} must be text.` }).superRefine((value, ctx) => {
    const problem = textProblem(value, label, options.multiline);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });

/**
 * An email field: the trimmed text held to the one address rule every email field follows
 * (`isEmailAddress`, which ADMIN_EMAIL and `make admin-password` apply too). `error` is the message
 * for anything that is not one bare address.
 */
export const emailAddress = (label: string, error: string) => text(label, { error }).trim().refine(isEmailAddress, error);

/** The shape of a slug: lowercase ASCII letters and digits joined by single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug an editor types: lowercase words joined by single hyphens, at most `max` characters, like `example`. */
export const slugField = (max: number, example: string) =>
  text('The slug')
    .trim()
    .max(max, `A slug can be at most ${max} characters.`)
    .regex(SLUG, `A slug may use lowercase letters, digits and single hyphens between them (like ${example}).`);

// Images may come from the web or from this site's own folders (generated art, processed uploads).
const IMAGE_SOURCE = /^(?:https?:\/\/[^\s]+|\/(?:images|uploads)\/[\w./-]+)$/;

/** An image URL an editor may use for a hero or an inline image. */
export const imageSource = (message: string, label = 'The image address') =>
  text(label, { error: message })
    .trim()
    .max(LIMITS.imageUrl, 'That image address is too long.')
    .refine((value) => IMAGE_SOURCE.test(value) && !value.includes('..') && (!/^https?:/.test(value) || URL.canParse(value)), message);

/**
 * The optional alt text sent with an image. Blank counts as absent, so the route's own fallback
 * applies instead of an empty description nobody chose.
 */
export const altText = text('The alt text', { error: 'Alt text must be text.' })
  .trim()
  .max(LIMITS.altText, `Alt text can be at most ${LIMITS.altText} characters.`)
  .optional()
  .transform((value) => (value === '' ? undefined : value));
