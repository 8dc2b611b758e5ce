import { slugify } from '@forkcast/content-db/slugs';
import { tagPagePath } from '@forkcast/content-db/urls';

/** A tag as the site shows and links it; tags whose names have no Latin reading get no page. */
export interface TagLink {
  readonly name: string;
  readonly path: string;
}

// Transliterating a name costs tens of microseconds, and the same few hundred tags are linked on
// page after page (a full build slugified each post's tags again: 1% of its time). Cleared when full.
const links = new Map<string, TagLink | null>();
const MAX_LINKS = 5000;

/** The page of a tag, or undefined when its name leaves no slug (an emoji, a name in kanji). */
export function tagLink(tag: string): TagLink | undefined {
  let link = links.get(tag);
  if (link === undefined) {
    const slug = slugify(tag);
    link = slug ? Object.freeze({ name: tag, path: tagPagePath(slug) }) : null;
    if (links.size >= MAX_LINKS) links.clear();
    links.set(tag, link);
  }
  return link ?? undefined;
}
