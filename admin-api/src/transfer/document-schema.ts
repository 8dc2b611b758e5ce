import { z } from 'zod';
import { EXPORT_FORMAT, READABLE_EXPORT_VERSIONS } from '@forkcast/content-db';
import { REDIRECT_STATUSES, redirectSourcePath, redirectTarget } from '@forkcast/shared/urls';
import { ROLES, SITE_PAGE_LAYOUTS } from '@forkcast/shared/contracts';
import { isCanonicalUrl, isShareImage, SEO_LIMITS } from '@forkcast/shared/seo';
import { emailAddress, imageSource, slugField, text } from '../schemas.ts';

// An export document is checked as strictly as the routes check each write: a field this version
// does not know, a wrong type, a broken reference or a text no editor could have typed is a 400
// naming where it is, and nothing is written.

const id = z.number().int().positive();
const time = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time' });
const line = (label: string) => text(label).max(10_000);
const prose = (label: string) => text(label, { multiline: true }).max(1_000_000);
const image = imageSource('must be a web address or a path under /images or /uploads').nullable();
const webUrl = z
  .string()
  .max(2_000)
  .refine((value) => /^https?:\/\/\S+$/.test(value) && URL.canParse(value), 'must be an http(s) address')
  .nullable();
const sitePath = z
  .string()
  .max(2_000)
  .refine((value) => /^\/(?!\/)[\w./-]*$/.test(value) && !value.includes('..'), 'must be a path on this site');
const sitePathOrUrl = sitePath.or(webUrl).nullable();
const flag = z.union([z.literal(0), z.literal(1)]);
const tagList = z.string().refine((value) => {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.every((tag) => typeof tag === 'string');
  } catch {
    return false;
  }
}, 'must be a JSON array of tags');

// Search and social fields of a post or a page: an export made before they existed has none, and gets the defaults.
const seoFields = {
  metaTitle: line('The meta title').max(SEO_LIMITS.metaTitle).nullable().default(null),
  metaDescription: line('The meta description').max(SEO_LIMITS.metaDescription).nullable().default(null),
  ogImage: z.string().refine(isShareImage, 'must be an https address or a path under /images or /uploads').nullable().default(null),
  canonicalUrl: z.string().refine(isCanonicalUrl, 'must be an https address or a path on this site').nullable().default(null),
  noindex: flag.default(0),
};

const user = z.strictObject({
  id,
  email: emailAddress('The email', 'must be one email address'),
  name: line('The name').min(1),
  slug: slugField(100, 'ana-lima'),
  bio: prose('The bio'),
  avatar: image,
  role: z.enum(ROLES),
  createdAt: time,
  updatedAt: time,
});

const restaurant = z.strictObject({
  id,
  cityId: id,
  name: line('The name').min(1),
  day: z.number().int().nullable(),
  neighborhood: line('The neighborhood').nullable(),
  cuisine: line('The cuisine').nullable(),
  meal: line('The meal').nullable(),
  notes: prose('The notes').nullable(),
  address: line('The address').nullable(),
  url: webUrl,
  lat: z.number().min(-90).max(90).nullable(),
  lng: z.number().min(-180).max(180).nullable(),
  position: z.number().int(),
});

const city = z
  .strictObject({
    city: z.strictObject({
      id,
      slug: slugField(100, 'lisbon'),
      name: line('The name').min(1),
      country: line('The country'),
      description: prose('The description'),
      heroImage: image,
      heroAlt: line('The alt text'),
      mapEmbedUrl: webUrl,
      itineraryUrl: sitePathOrUrl,
      spreadsheetUrl: webUrl,
      displayOrder: z.number().int(),
      createdAt: time,
      updatedAt: time,
    }),
    restaurants: z.array(restaurant),
  })
  .refine((state) => state.restaurants.every((row) => row.cityId === state.city.id), "a restaurant's cityId must be its city's id");

const post = z
  .strictObject({
    post: z.strictObject({
      id,
      slug: slugField(200, 'lisbon-bakeries'),
      title: line('The title').min(1),
      excerpt: prose('The excerpt'),
      content: prose('The content'),
      heroImage: image,
      heroAlt: line('The alt text'),
      type: z.enum(['post', 'guide']),
      cityId: id.nullable(),
      tags: tagList,
      published: flag,
      publishedAt: time.nullable(),
      publishAt: time.nullable(),
      reviewAt: time.nullable(),
      createdAt: time,
      updatedAt: time,
      ...seoFields,
    }),
    blocks: z.array(
      z.strictObject({
        id,
        postId: id,
        content: prose('A block'),
        position: z.number().int(),
        isOriginal: flag,
        createdAt: time,
        updatedAt: time,
      }),
    ),
    items: z.array(
      z.strictObject({
        id,
        postId: id,
        type: z.enum(['text', 'image']),
        content: prose('An inline item'),
        alt: line('The alt text'),
        position: z.number().int(),
        createdAt: time,
      }),
    ),
    authorIds: z.array(id),
  })
  .refine(
    (state) => [...state.blocks, ...state.items].every((row) => row.postId === state.post.id),
    "a block's or item's postId must be its post's id",
  );

const subscriber = z.strictObject({
  email: emailAddress('The email', 'must be one email address'),
  status: z.enum(['pending', 'confirmed', 'unsubscribed', 'bounced']),
  subscribedAt: time,
  confirmedAt: time.nullable(),
  unsubscribedAt: time.nullable(),
  bouncedAt: time.nullable(),
});

const sitePage = z.strictObject({
  id,
  slug: slugField(100, 'visiting'),
  title: line('The title'),
  content: prose('The content'),
  status: z.enum(['draft', 'published']),
  inFooter: flag,
  createdAt: time,
  updatedAt: time,
  publishedAt: time.nullable(),
  ...seoFields,
  // Absent from exports made before pages had layouts: such a page is a standard one.
  layout: z.enum(SITE_PAGE_LAYOUTS).optional(),
  kicker: line('The kicker').optional(),
});
const share = z.number().min(0).max(1);
const count = z.number().int().nonnegative().nullable();
const mediaItem = z.strictObject({
  path: z.string().regex(/^\/uploads\/[\w-]+\.[a-z0-9]+$/, 'must be an upload path'),
  originalName: line('The file name'),
  bytes: count,
  width: count,
  height: count,
  mime: z.string().regex(/^image\/[\w.+-]+$/, 'must be an image type'),
  alt: line('The alt text'),
  focalX: share,
  focalY: share,
  createdAt: time,
});

/** Ids that appear twice in a list: each must be unique. */
function repeated(ids: number[]): number[] {
  return [...new Set(ids.filter((value, index) => ids.indexOf(value) !== index))];
}

/** An export document (docs/export.md), with its references checked. */
export const exportDocument = z
  .strictObject({
    format: z.literal(EXPORT_FORMAT, { error: `format must be '${EXPORT_FORMAT}': this is not a Forkcast export.` }),
    version: z.literal(READABLE_EXPORT_VERSIONS, {
      error: `version must be ${READABLE_EXPORT_VERSIONS.join(' or ')}: this server reads exports of those versions.`,
    }),
    exportedAt: time,
    site: z.strictObject({ name: line('The site name'), publicHost: z.string().max(2_000) }),
    users: z.array(user),
    cities: z.array(city),
    posts: z.array(post),
    hero: z.strictObject({ image: image, alt: line('The alt text').nullable() }),
    redirects: z.array(
      z.strictObject({
        fromPath: z.string().refine((value) => redirectSourcePath(value) === value, 'must be a path on this site'),
        toPath: z.string().refine((value) => redirectTarget(value) === value, 'must be a path on this site or an http(s) address'),
        // Version 1 knew only the automatic 301s.
        status: z.literal(REDIRECT_STATUSES).default(301),
        source: z.enum(['automatic', 'editor']).default('automatic'),
        createdAt: time,
      }),
    ),
    // Version 1 had neither.
    pages: z.array(sitePage).default([]),
    media: z.array(mediaItem).default([]),
    subscribers: z.array(subscriber).optional(),
  })
  .superRefine((doc, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
    const cityIds = new Set(doc.cities.map((entry) => entry.city.id));
    const userIds = new Set(doc.users.map((entry) => entry.id));
    for (const [list, ids] of [
      ['users', doc.users.map((entry) => entry.id)],
      ['cities', doc.cities.map((entry) => entry.city.id)],
      ['posts', doc.posts.map((entry) => entry.post.id)],
      ['city slugs', doc.cities.map((entry) => entry.city.slug)],
      ['pages', doc.pages.map((page) => page.id)],
      ['page slugs', doc.pages.map((page) => page.slug)],
      ['media', doc.media.map((item) => item.path)],
    ] as const) {
      const twice = repeated(ids as never);
      if (twice.length > 0) problem(`${list} repeat: ${twice.join(', ')}.`);
    }
    for (const { post: row, authorIds } of doc.posts) {
      if (row.cityId !== null && !cityIds.has(row.cityId))
        problem(`Post ${row.id} names city ${row.cityId}, which the export does not hold.`);
      const unknown = authorIds.filter((author) => !userIds.has(author));
      if (unknown.length > 0) problem(`Post ${row.id} names authors the export does not hold: ${unknown.join(', ')}.`);
    }
    if (doc.users.filter((entry) => entry.role === 'owner').length > 1) problem('An export has at most one owner.');
  });
