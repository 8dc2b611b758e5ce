import {
  addRedirect,
  createUser,
  getAccountByEmail,
  getPostBySlug,
  insertPost,
  NO_PASSWORD,
  tagSlugs,
  type Db,
} from '@forkcast/content-db';
import type { GhostImportReport, Role } from '@forkcast/shared/contracts';
import { isCanonicalUrl, isShareImage, SEO_LIMITS } from '@forkcast/shared/seo';
import { slugify } from '@forkcast/shared/slugs';
import { authorPagePath, canonicalPostPath, RESERVED_FIRST_SEGMENTS, tagPagePath } from '@forkcast/shared/urls';
import type { GhostExport, GhostPost } from './format.ts';
import { lexicalToMarkdown } from './lexical.ts';
import { withoutControls } from '../../schemas.ts';
import { htmlToMarkdown, joinBlocks } from './markdown.ts';
import { mobiledocToMarkdown } from './mobiledoc.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// How Ghost writes its own address into an export; the import puts the old site's address there.
const GHOST_URL = '__GHOST_URL__';
const ROLES: Record<string, Exclude<Role, 'owner'>> = {
  Owner: 'administrator',
  Administrator: 'administrator',
  Editor: 'editor',
  Author: 'author',
  Contributor: 'contributor',
  'Super Editor': 'editor',
};

export type { GhostImportReport };

export interface GhostImportOptions {
  now: string;
  /** The old Ghost site's address, put where the export says __GHOST_URL__ (images, links). */
  ghostUrl?: string;
}

/** A Ghost post's body as Markdown, from whichever form it was stored in (newest first), with the cards it could not carry. */
function ghostBody(post: GhostPost): { markdown: string; unknown: string[] } {
  if (post.lexical) return lexicalToMarkdown(post.lexical);
  if (post.mobiledoc) return mobiledocToMarkdown(post.mobiledoc);
  if (post.html) return { markdown: htmlToMarkdown(post.html), unknown: [] };
  return { markdown: post.plaintext ?? '', unknown: [] };
}

const byOrder = (a: { sort_order: number }, b: { sort_order: number }) => a.sort_order - b.sort_order;

/** A Ghost text as one line of at most `max` characters; null when empty (the page's default). */
const seoLine = (value: string | null | undefined, max: number): string | null =>
  withoutControls(value ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max) || null;

/**
 * A Ghost post's search and social fields (Ghost keeps all but the canonical URL in posts_meta), each
 * only when this site can take it: a share image or canonical URL it refuses keeps the default.
 */
function ghostSeo(
  canonical: string | null | undefined,
  meta: { meta_title?: string | null; meta_description?: string | null; og_image?: string | null } | undefined,
  absolute: (src: string | null | undefined) => string | undefined,
) {
  const image = absolute(meta?.og_image);
  const canonicalUrl = canonical?.trim();
  return {
    metaTitle: seoLine(meta?.meta_title, SEO_LIMITS.metaTitle),
    metaDescription: seoLine(meta?.meta_description, SEO_LIMITS.metaDescription),
    ogImage: image && isShareImage(image) ? image : null,
    canonicalUrl: canonicalUrl && isCanonicalUrl(canonicalUrl) ? canonicalUrl : null,
  };
}

/**
 * Creates, in the transaction of `db`, the posts of a Ghost export with their tags and authors
 * (authors as users without passwords, matched by email), and the 301s from Ghost's addresses
 * (`/{slug}/`, `/tag/{slug}/`, `/author/{slug}/`) to Forkcast's. Published, draft and scheduled
 * posts keep their status and dates. A post whose slug a post here already has is skipped, so
 * importing the same file again creates nothing. Everything else the export holds is counted in
 * the report's `notCarried`.
 */
export async function importGhost(db: Db, ghost: GhostExport, options: GhostImportOptions): Promise<GhostImportReport> {
  const { data } = ghost;
  const report: GhostImportReport = {
    dryRun: false,
    posts: { created: [], skipped: [] },
    users: { created: [], matched: [] },
    tags: [],
    redirects: [],
    notCarried: {
      cards: [],
      internalTags: [],
      pages: [],
      members: data.members.length,
      tiers: data.products.length,
      newsletters: data.newsletters.length,
      offers: data.offers.length,
      snippets: data.snippets.length,
      images: [],
    },
  };
  const absolute = (src: string | null | undefined): string | undefined => {
    if (!src) return undefined;
    const resolved = src.startsWith(GHOST_URL)
      ? options.ghostUrl
        ? `${options.ghostUrl.replace(/\/$/, '')}${src.slice(GHOST_URL.length)}`
        : undefined
      : src;
    return resolved && /^https?:\/\/\S+$/.test(resolved) && URL.canParse(resolved) ? resolved : undefined;
  };
  const redirect = async (from: string, to: string) => {
    if (from === to || RESERVED_FIRST_SEGMENTS.has(from.split('/')[1]!)) return;
    await addRedirect(db, from, to, options.now);
    report.redirects.push({ from, to });
  };

  const tagsById = new Map(data.tags.map((tag) => [tag.id, tag]));
  const usersById = new Map(data.users.map((user) => [user.id, user]));
  const rolesById = new Map(data.roles.map((role) => [role.id, role.name]));
  const roleOf = (userId: string): Exclude<Role, 'owner'> => {
    const link = data.roles_users.find((row) => row.user_id === userId);
    return ROLES[rolesById.get(link?.role_id ?? '') ?? ''] ?? 'author';
  };
  const metaOf = new Map(data.posts_meta.map((meta) => [meta.post_id, meta]));
  const ourUsers = new Map<string, number>();
  const userFor = async (ghostId: string): Promise<number | undefined> => {
    const known = ourUsers.get(ghostId);
    if (known !== undefined) return known;
    const user = usersById.get(ghostId);
    if (!user) return undefined;
    const existing = await getAccountByEmail(db, user.email);
    let id: number;
    if (existing) {
      id = existing.id;
      report.users.matched.push(user.email);
    } else {
      const taken = SLUG.test(user.slug) && (await db.selectFrom('users').select('id').where('slug', '=', user.slug).executeTakeFirst());
      id = await createUser(db, {
        email: user.email,
        passwordHash: NO_PASSWORD,
        name: withoutControls(user.name),
        ...(SLUG.test(user.slug) && !taken ? { slug: user.slug } : {}),
        bio: withoutControls(user.bio ?? ''),
        avatar: absolute(user.profile_image) ?? null,
        role: roleOf(user.id),
        now: options.now,
      });
      report.users.created.push(user.email);
    }
    ourUsers.set(ghostId, id);
    const ours = await db.selectFrom('users').select('slug').where('id', '=', id).executeTakeFirstOrThrow();
    await redirect(`/author/${user.slug}`, authorPagePath(ours.slug));
    return id;
  };

  const seenTags = new Set<string>();
  for (const post of data.posts) {
    if (post.type !== 'post') {
      report.notCarried.pages.push(post.slug);
      continue;
    }
    const slug = SLUG.test(post.slug) ? post.slug : slugify(post.slug);
    if (!slug) {
      report.posts.skipped.push({ slug: post.slug, reason: 'Its slug has no letters or digits.' });
      continue;
    }
    if (await getPostBySlug(db, slug)) {
      report.posts.skipped.push({ slug, reason: 'A post with this slug is here already.' });
      continue;
    }
    let body: { markdown: string; unknown: string[] };
    try {
      body = ghostBody(post);
    } catch {
      report.posts.skipped.push({ slug, reason: 'Its body could not be read: its lexical or mobiledoc is not valid JSON.' });
      continue;
    }
    const status = post.status === 'published' ? 'published' : post.status === 'scheduled' && post.published_at ? 'scheduled' : 'draft';
    const tagNames: string[] = [];
    for (const link of data.posts_tags.filter((row) => row.post_id === post.id).sort(byOrder)) {
      const tag = tagsById.get(link.tag_id);
      if (!tag) continue;
      if (tag.visibility !== 'public' || tag.name.startsWith('#')) {
        if (!report.notCarried.internalTags.includes(tag.name)) report.notCarried.internalTags.push(tag.name);
        continue;
      }
      tagNames.push(tag.name);
    }
    const authorLinks = data.posts_authors.filter((row) => row.post_id === post.id).sort(byOrder);
    const ghostAuthors = authorLinks.length > 0 ? authorLinks.map((row) => row.author_id) : post.author_id ? [post.author_id] : [];
    const authorIds: number[] = [];
    for (const ghostId of ghostAuthors) {
      const id = await userFor(ghostId);
      if (id !== undefined && !authorIds.includes(id)) authorIds.push(id);
    }

    if (body.unknown.length > 0) report.notCarried.cards.push({ post: slug, cards: body.unknown });
    const meta = metaOf.get(post.id);
    const hero = absolute(post.feature_image);
    if (post.feature_image && !hero)
      report.notCarried.images.push({
        post: slug,
        src: post.feature_image,
        reason: 'The feature image is on the Ghost site: give its address as ghostUrl.',
      });
    const caption = meta?.feature_image_caption ? htmlToMarkdown(meta.feature_image_caption) : '';
    let content = joinBlocks([caption ? `_${caption}_` : '', body.markdown]);
    if (content.includes(GHOST_URL)) {
      if (options.ghostUrl) content = content.replaceAll(GHOST_URL, options.ghostUrl.replace(/\/$/, ''));
      else
        report.notCarried.images.push({
          post: slug,
          src: GHOST_URL,
          reason: 'The body links to the Ghost site: give its address as ghostUrl.',
        });
    }
    const created = post.created_at ?? options.now;
    await insertPost(db, {
      slug,
      title: withoutControls(post.title) || slug,
      excerpt: withoutControls(post.custom_excerpt ?? ''),
      content: withoutControls(content),
      heroImage: hero ?? null,
      heroAlt: hero ? withoutControls(meta?.feature_image_alt ?? '') : '',
      type: 'post',
      cityId: null,
      tags: tagNames.map(withoutControls),
      published: status === 'published',
      publishedAt: status === 'published' ? (post.published_at ?? created) : null,
      publishAt: status === 'scheduled' ? post.published_at! : null,
      createdAt: created,
      updatedAt: post.updated_at ?? created,
      authorIds,
      ...ghostSeo(post.canonical_url, meta, absolute),
    });
    report.posts.created.push({ slug, title: post.title, status });
    await redirect(`/${post.slug}`, canonicalPostPath({ slug, type: 'post' }, undefined));
    for (const name of tagNames) {
      const ghostTag = data.tags.find((tag) => tag.name === name);
      const ours = tagSlugs([name])[0];
      if (!ours || seenTags.has(ours.slug)) continue;
      seenTags.add(ours.slug);
      report.tags.push(name);
      if (ghostTag && SLUG.test(ghostTag.slug)) await redirect(`/tag/${ghostTag.slug}`, tagPagePath(ours.slug));
    }
  }
  return report;
}
