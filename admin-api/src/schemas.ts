import { z } from 'zod';

/** SPEC §5's simple email pattern: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Images may come from the web or from this site's own folders (generated art, processed uploads).
const IMAGE_SOURCE = /^(?:https?:\/\/[^\s]+|\/(?:images|uploads)\/[\w./-]+)$/;

/** An image URL an editor may use for a hero or an inline image. */
export const imageSource = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2048, 'That image address is too long.')
    .refine((value) => IMAGE_SOURCE.test(value) && !value.includes('..') && (!/^https?:/.test(value) || URL.canParse(value)), message);

export const LIMITS = {
  blockMarkdown: 20_000,
  itemText: 5_000,
  contact: { name: 100, email: 254, subject: 200, message: 5_000 },
} as const;

/** The longest alt text an image may carry: a sentence or two, never a caption or an essay. */
export const ALT_TEXT_MAX = 300;

/**
 * The optional alt text sent with an image. Blank counts as absent, so the route's own fallback
 * applies instead of an empty description nobody chose.
 */
export const altText = z
  .string({ error: 'Alt text must be text.' })
  .trim()
  .max(ALT_TEXT_MAX, `Alt text can be at most ${ALT_TEXT_MAX} characters.`)
  .optional()
  .transform((value) => (value === '' ? undefined : value));
