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
 * The name a tag page goes by: the spelling its newest post gives the tag (posts come newest
 * first), so 'Wine' and 'wine' share one page under one name.
 */
export function tagPageName(posts: readonly { tags: readonly string[] }[], slug: string): string | undefined {
  for (const post of posts) {
    const name = post.tags.find((tag) => slugify(tag) === slug);
    if (name !== undefined) return name;
  }
  return undefined;
}
