import { z } from 'zod';
import { SITE_PAGE_LAYOUTS } from '@forkcast/shared/contracts';
import { MAP_EMBED_ORIGIN } from '@forkcast/shared/security-headers';

// Millisecond precision, as nowIso() writes, so timestamps sort correctly as text.
const isoDate = z.iso.datetime({ precision: 3 });
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lowercase slug of letters, digits and hyphens');
const imagePath = z.string().regex(/^\/images\/[a-z0-9/-]+\.(?:jpg|png|webp)$/, 'an image path under /images/');
const markdown = z.string().trim().min(1);

const guideSchema = z.object({
  slug,
  title: z.string().trim().min(1),
  excerpt: z.string().trim().min(1),
  content: markdown,
  tags: z.array(z.string().trim().min(1)).min(1),
  publishedAt: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
});

const restaurantSchema = z
  .object({
    name: z.string().trim().min(1),
    day: z.number().int().min(1).max(14),
    neighborhood: z.string().trim().min(1),
    cuisine: z.string().trim().min(1),
    meal: z.enum(['breakfast', 'lunch', 'dinner', 'snack', 'drinks']),
    notes: z.string().trim().min(1),
    address: z.string().trim().min(1),
    url: z.url({ protocol: /^https?$/ }).nullable(),
    // Where the place is, for its pin on the guide map (decimal degrees).
    lat: z.number().min(-90).max(90).nullable().default(null),
    lng: z.number().min(-180).max(180).nullable().default(null),
  })
  // Half a position is no position: a pin needs both.
  .refine((restaurant) => (restaurant.lat === null) === (restaurant.lng === null), {
    message: 'give both lat and lng, or neither',
    path: ['lng'],
  });

export const seedCitySchema = z.object({
  slug,
  name: z.string().trim().min(1),
  country: z.string().trim().min(1),
  description: z.string().trim().min(1),
  heroImage: imagePath,
  heroAlt: z.string().trim().min(1),
  // The guide frames it, and its Content-Security-Policy frames no other site.
  mapEmbedUrl: z
    .url({ protocol: /^https$/ })
    .refine((url) => new URL(url).origin === MAP_EMBED_ORIGIN, `an embed from ${MAP_EMBED_ORIGIN}`)
    .nullable(),
  itineraryUrl: z
    .string()
    .regex(/^(?:https:\/\/|\/(?!\/))/, 'an https URL or a site path')
    .nullable(),
  displayOrder: z.number().int().min(0),
  guide: guideSchema,
  restaurants: z.array(restaurantSchema).min(8).max(15),
});

export const seedPostSchema = z
  .object({
    slug,
    title: z.string().trim().min(1),
    excerpt: z.string().trim().min(1),
    content: markdown,
    heroImage: imagePath,
    heroAlt: z.string().trim().min(1),
    citySlug: slug.nullable(),
    tags: z.array(z.string().trim().min(1)).min(1),
    published: z.boolean(),
    publishedAt: isoDate.nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .refine((post) => post.published === (post.publishedAt !== null), {
    message: 'a published post needs publishedAt and a draft must not have one',
    path: ['publishedAt'],
  });

/** A page an editor can change later: About, Terms and Privacy (`{site}` is the site's name). */
export const seedPageSchema = z.strictObject({
  slug,
  title: z.string().trim().min(1),
  layout: z.enum(SITE_PAGE_LAYOUTS),
  kicker: z.string(),
  metaDescription: z.string(),
  content: markdown,
});

export type SeedCity = z.infer<typeof seedCitySchema>;
export type SeedPost = z.infer<typeof seedPostSchema>;
export type SeedPage = z.infer<typeof seedPageSchema>;
