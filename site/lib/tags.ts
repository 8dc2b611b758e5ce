import { LRUCache } from 'lru-cache';
import { slugify } from '@forkcast/shared/slugs';
import { tagPagePath } from '@forkcast/shared/urls';

/** A tag as the site shows and links it; tags whose names have no Latin reading get no page. */
export interface TagLink {
  name: string;
  path: string;
}

// Transliterating a name costs tens of microseconds, and the same few hundred tags are linked on
// page after page (a full build slugified each post's tags again: 1% of its time).
const slugs = new LRUCache<string, string>({ max: 5000 });

/** The page of a tag, or undefined when its name leaves no slug (an emoji, a name in kanji). */
export function tagLink(tag: string): TagLink | undefined {
  let slug = slugs.get(tag);
  if (slug === undefined) {
    slug = slugify(tag);
    slugs.set(tag, slug);
  }
  return slug ? { name: tag, path: tagPagePath(slug) } : undefined;
}
