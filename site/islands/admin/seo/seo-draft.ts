import type { SeoFields } from '@forkcast/shared/contracts';

/** The search and social fields as an editor types them: text, '' for "the page's default". */
export interface SeoDraft {
  metaTitle: string;
  metaDescription: string;
  ogImage: string;
  canonicalUrl: string;
  noindex: boolean;
}

export const EMPTY_SEO_DRAFT: SeoDraft = { metaTitle: '', metaDescription: '', ogImage: '', canonicalUrl: '', noindex: false };

/** A document's stored fields as the form shows them (an answer without them: the defaults). */
export function seoDraftOf(fields: Partial<SeoFields>): SeoDraft {
  return {
    metaTitle: fields.metaTitle ?? '',
    metaDescription: fields.metaDescription ?? '',
    ogImage: fields.ogImage ?? '',
    canonicalUrl: fields.canonicalUrl ?? '',
    noindex: fields.noindex ?? false,
  };
}

/** The form's fields as the API takes them: a blank text is null, back to the page's default. */
export function seoApiFields(draft: SeoDraft): SeoFields {
  return {
    metaTitle: draft.metaTitle.trim() || null,
    metaDescription: draft.metaDescription.trim() || null,
    ogImage: draft.ogImage.trim() || null,
    canonicalUrl: draft.canonicalUrl.trim() || null,
    noindex: draft.noindex,
  };
}

/** The fields under the labels the history gives them, so the two sides of a conflict line up. */
export function seoFieldLines(draft: SeoDraft): [string, string][] {
  return [
    ['Meta title', draft.metaTitle.trim()],
    ['Meta description', draft.metaDescription.trim()],
    ['Share image', draft.ogImage.trim()],
    ['Canonical URL', draft.canonicalUrl.trim()],
    ['Search engines', draft.noindex ? 'Kept out (noindex)' : 'Indexed'],
  ];
}

/** Text cut to about `max` characters at a word, as a search result shows it. */
export function clipped(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** 'forkcast.com › kyoto › ramen': an address as a search result shows it. */
export function displayUrl(url: string, origin: string): string {
  try {
    const parsed = new URL(url, `${origin}/`);
    return [parsed.host, ...parsed.pathname.split('/').filter(Boolean)].join(' › ');
  } catch {
    return url;
  }
}
