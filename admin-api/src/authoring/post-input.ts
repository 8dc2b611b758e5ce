import { z } from 'zod';
import { LIMITS } from '@forkcast/shared/contracts';
import { altText, imageSource, slugField, text } from '../schemas.ts';
import { seoInput } from '../seo/seo-input.ts';

const { post: LIMIT } = LIMITS;

const moment = (label: string) =>
  z
    .string({ error: `${label} must be a date and time.` })
    .refine(
      (value) => z.iso.datetime({ offset: true }).safeParse(value).success,
      `${label} must be an ISO date and time, like 2026-12-01T09:00:00Z.`,
    )
    .transform((value) => new Date(value).toISOString());

/** Every field an editor may set on a post; each is optional in a change. */
const fields = {
  title: text('The title', { error: 'Title is required.' })
    .trim()
    .min(1, 'Title is required.')
    .max(LIMIT.title, `A title can be at most ${LIMIT.title} characters.`),
  slug: slugField(LIMIT.slug, 'tokyo-ramen-crawl'),
  excerpt: text('The excerpt').trim().max(LIMIT.excerpt, `An excerpt can be at most ${LIMIT.excerpt} characters.`),
  content: text('The content', { multiline: true }).max(LIMIT.content, `A post can hold at most ${LIMIT.content} characters.`),
  type: z.enum(['post', 'guide'], { error: "type must be 'post' or 'guide'." }),
  cityId: z
    .number({ error: 'cityId must be a city id or null.' })
    .int('cityId must be a city id or null.')
    .positive('cityId must be a city id or null.')
    .nullable(),
  tags: z
    .array(text('A tag').trim().min(1, 'A tag cannot be empty.').max(LIMIT.tag, `A tag can be at most ${LIMIT.tag} characters.`), {
      error: 'tags must be a list of words.',
    })
    .max(LIMIT.tags, `A post can have at most ${LIMIT.tags} tags.`)
    // The same tag twice (in any case) means it once, in its first spelling.
    .transform((tags) => tags.filter((tag, i) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === i)),
  heroImage: imageSource('Give the hero image as an http(s) URL or an uploaded image.').nullable(),
  heroAlt: altText,
  status: z.enum(['draft', 'published', 'scheduled'], { error: "status must be 'draft', 'published' or 'scheduled'." }),
  publishAt: moment('publishAt').nullable(),
  publishedAt: moment('publishedAt'),
  authorIds: z
    .array(
      z
        .number({ error: 'authorIds must be a list of user ids.' })
        .int('authorIds must be a list of user ids.')
        .positive('authorIds must be a list of user ids.'),
      {
        error: 'authorIds must be a list of user ids.',
      },
    )
    .min(1, 'A post needs at least one author.')
    .max(LIMIT.authors, `A post can have at most ${LIMIT.authors} authors.`)
    .describe('Its authors, the primary author first (a new post: its writer).'),
  ...seoInput,
};

/** POST /api/posts: a title is all a new post needs; it starts as a draft. */
export const newPostBody = z.strictObject(fields).partial().extend({ title: fields.title });

/** PATCH /api/posts/:id: any of the fields, at least one. */
export const postChangeBody = z
  .strictObject(fields)
  .partial()
  .refine((change) => Object.keys(change).length > 0, 'Send at least one field to change.');

/** POST /api/posts/:id/preview: what the editor has typed but not saved, of the fields the post's page shows. */
export const postPreviewBody = z
  .strictObject({
    title: fields.title,
    excerpt: fields.excerpt,
    content: fields.content,
    tags: fields.tags,
    heroImage: fields.heroImage,
    heroAlt: fields.heroAlt,
  })
  .partial();

export type NewPostInput = z.infer<typeof newPostBody>;
export type PostChangeInput = z.infer<typeof postChangeBody>;
