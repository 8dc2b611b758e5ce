import type { SeoFields } from './contracts/api-types.ts';

/**
 * Search and social fields any published document (post, city guide, page) can carry. Each is
 * optional: an empty field keeps the page's default, so a document without them renders as it always did.
 */
export const SEO_LIMITS = {
  /** Hard limits the API refuses above; the editor's hints (titleHint, descriptionHint) are softer. */
  metaTitle: 300,
  metaDescription: 500,
  url: 2048,
  /** About what a search result shows before it cuts the text: counted in the editor, never enforced. */
  titleHint: 60,
  descriptionHint: 155,
} as const;

export const EMPTY_SEO: SeoFields = { metaTitle: null, metaDescription: null, ogImage: null, canonicalUrl: null, noindex: false };

// A path on this site: one leading slash, no '..', nothing but URL-safe characters.
const SITE_PATH = /^\/(?!\/)[\w\-./~%]*$/;
const httpsUrl = (value: string) => /^https:\/\/[^\s/]+\S*$/i.test(value) && URL.canParse(value);

/** A canonical URL may be an absolute https address or a path on this site. */
export function isCanonicalUrl(value: string): boolean {
  return value.length <= SEO_LIMITS.url && (httpsUrl(value) || (SITE_PATH.test(value) && !value.includes('..')));
}

/** A share image may be an https address or a picture of this site's own (/images/, /uploads/). */
export function isShareImage(value: string): boolean {
  return value.length <= SEO_LIMITS.url && (httpsUrl(value) || (/^\/(?:images|uploads)\/[\w./-]+$/.test(value) && !value.includes('..')));
}

export interface SeoHead {
  title: string;
  description: string;
  image: string;
  canonical: string;
  noindex: boolean;
}

const filled = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);

/** What the page's head says: each set field in place of the page's own default. */
export function resolveSeo(defaults: Omit<SeoHead, 'noindex'> & { noindex?: boolean }, fields: Partial<SeoFields>): SeoHead {
  return {
    title: filled(fields.metaTitle) ?? defaults.title,
    description: filled(fields.metaDescription) ?? defaults.description,
    image: filled(fields.ogImage) ?? defaults.image,
    canonical: filled(fields.canonicalUrl) ?? defaults.canonical,
    noindex: Boolean(fields.noindex) || (defaults.noindex ?? false),
  };
}
