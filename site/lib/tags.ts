import { slugify } from '@forkcast/content-db/slugs';
import { tagPagePath } from '@forkcast/content-db/urls';

/** A tag as the site shows and links it; tags whose names have no Latin reading get no page. */
export interface TagLink {
  name: string;
  path: string;
}

/** The page of a tag, or undefined when its name leaves no slug (an emoji, a name in kanji). */
export function tagLink(tag: string): TagLink | undefined {
  const slug = slugify(tag);
  return slug ? { name: tag, path: tagPagePath(slug) } : undefined;
}

/**
 * The published posts on each tag page, by the page's slug, in the order given. Tags that differ
 * only in case or punctuation ('Wine', 'wine') share one page, named by the first spelling met.
 */
export function postsByTag<P extends { tags: readonly string[] }>(posts: readonly P[]): Map<string, { name: string; posts: P[] }> {
  const pages = new Map<string, { name: string; posts: P[] }>();
  for (const post of posts) {
    const slugs = new Set<string>();
    for (const tag of post.tags) {
      const slug = slugify(tag);
      if (!slug || slugs.has(slug)) continue;
      slugs.add(slug);
      const page = pages.get(slug) ?? { name: tag, posts: [] };
      page.posts.push(post);
      pages.set(slug, page);
    }
  }
  return pages;
}
