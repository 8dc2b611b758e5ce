import { z } from 'zod';

/**
 * Search and social fields any published document (post, city guide, page) can carry. Each is optional:
 * an empty field keeps the page's default, so a document without them renders as it always did.
 */
export const SEO_LIMITS = {
  /** Hard limits the API refuses above; the editor's hints (titleHint, descriptionHint) are softer. */
  metaTitle: 200,
  metaDescription: 500,
  ogImage: 2048,
  canonicalUrl: 2048,
  /** What a search result shows before it cuts the text: counted in the editor, never enforced. */
  titleHint: 60,
  descriptionHint: 155,
} as const;

const optionalText = (field: string, max: number) => z.string().max(max, `${field} must be at most ${max} characters`).nullish();

const absoluteHttpUrl = z
  .string()
  .max(SEO_LIMITS.canonicalUrl, `canonicalUrl must be at most ${SEO_LIMITS.canonicalUrl} characters`)
  .refine(
    (value) => value === '' || (/^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value)),
    'canonicalUrl must be an absolute http(s) URL',
  );

/** Spread into a post's, a guide's or a page's request schema: `...seoFieldsSchema.shape`. */
export const seoFieldsSchema = z.object({
  metaTitle: optionalText('metaTitle', SEO_LIMITS.metaTitle),
  metaDescription: optionalText('metaDescription', SEO_LIMITS.metaDescription),
  ogImage: optionalText('ogImage', SEO_LIMITS.ogImage),
  canonicalUrl: absoluteHttpUrl.nullish(),
  noindex: z.boolean().nullish(),
});

export type SeoFields = z.infer<typeof seoFieldsSchema>;

export interface SeoHead {
  title: string;
  description: string;
  image: string;
  canonical: string;
  noindex: boolean;
}

const filled = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);

/** What the page's head says: each set field in place of the page's own default. */
export function resolveSeo(defaults: Omit<SeoHead, 'noindex'> & { noindex?: boolean }, fields: SeoFields): SeoHead {
  return {
    title: filled(fields.metaTitle) ?? defaults.title,
    description: filled(fields.metaDescription) ?? defaults.description,
    image: filled(fields.ogImage) ?? defaults.image,
    canonical: filled(fields.canonicalUrl) ?? defaults.canonical,
    noindex: fields.noindex ?? defaults.noindex ?? false,
  };
}
