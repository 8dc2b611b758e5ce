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
