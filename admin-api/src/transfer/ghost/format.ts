import { z } from 'zod';

// What the import reads of a Ghost JSON export (Ghost 4, 5 and 6: Settings > Labs > Export). Every
// table is optional but posts; fields the import does not use are let through untouched, since
// each Ghost version adds some.

const ghostId = z.union([z.string(), z.number()]).transform(String);
const time = z.string().nullable().optional();

const post = z.looseObject({
  id: ghostId,
  title: z.string().default(''),
  slug: z.string(),
  mobiledoc: z.string().nullable().optional(),
  lexical: z.string().nullable().optional(),
  html: z.string().nullable().optional(),
  plaintext: z.string().nullable().optional(),
  feature_image: z.string().nullable().optional(),
  type: z.string().default('post'),
  status: z.string().default('draft'),
  created_at: time,
  updated_at: time,
  published_at: time,
  custom_excerpt: z.string().nullable().optional(),
  canonical_url: z.string().nullable().optional(),
  author_id: ghostId.optional(),
});

const postMeta = z.looseObject({
  post_id: ghostId,
  feature_image_alt: z.string().nullable().optional(),
  feature_image_caption: z.string().nullable().optional(),
  meta_title: z.string().nullable().optional(),
  meta_description: z.string().nullable().optional(),
  og_image: z.string().nullable().optional(),
});

const tag = z.looseObject({
  id: ghostId,
  name: z.string(),
  slug: z.string(),
  visibility: z.string().default('public'),
});

const user = z.looseObject({
  id: ghostId,
  name: z.string(),
  slug: z.string(),
  email: z.string(),
  bio: z.string().nullable().optional(),
  profile_image: z.string().nullable().optional(),
});

const order = z.number().default(0);
const postTag = z.looseObject({ post_id: ghostId, tag_id: ghostId, sort_order: order });
const postAuthor = z.looseObject({ post_id: ghostId, author_id: ghostId, sort_order: order });
const roleUser = z.looseObject({ role_id: ghostId, user_id: ghostId });

const NOT_GHOST = 'This is not a Ghost export: expected { "db": [{ "meta", "data": { "posts": [...] } }] }.';

const data = z.looseObject(
  {
    posts: z.array(post, { error: 'A Ghost export holds a list of posts (db[0].data.posts).' }),
    posts_meta: z.array(postMeta).default([]),
    tags: z.array(tag).default([]),
    posts_tags: z.array(postTag).default([]),
    users: z.array(user).default([]),
    posts_authors: z.array(postAuthor).default([]),
    roles: z.array(z.looseObject({ id: ghostId, name: z.string() })).default([]),
    roles_users: z.array(roleUser).default([]),
    members: z.array(z.unknown()).default([]),
    products: z.array(z.unknown()).default([]),
    newsletters: z.array(z.unknown()).default([]),
    offers: z.array(z.unknown()).default([]),
    snippets: z.array(z.unknown()).default([]),
  },
  { error: NOT_GHOST },
);

const exportFile = z.looseObject({ meta: z.looseObject({ version: z.string().optional() }).optional(), data }, { error: NOT_GHOST });

/** The first database of a `{ db: [...] }` file; anything else as it is. */
function firstDatabase(input: unknown): unknown {
  const db = input && typeof input === 'object' ? (input as { db?: unknown }).db : undefined;
  return Array.isArray(db) ? db[0] : input;
}

/** A Ghost export: `{ db: [{ meta, data }] }`, or the `{ meta, data }` inside it. */
export const ghostExport = z.preprocess(
  firstDatabase,
  z
    .unknown()
    .refine((file) => {
      const data = file && typeof file === 'object' ? (file as { data?: unknown }).data : undefined;
      return data !== null && typeof data === 'object';
    }, NOT_GHOST)
    .pipe(exportFile),
);

export type GhostExport = z.output<typeof ghostExport>;
export type GhostPost = GhostExport['data']['posts'][number];
