import { z } from 'zod';
import { isCanonicalUrl, isShareImage, SEO_LIMITS } from '@forkcast/shared/seo';
import { text } from '../schemas.ts';

// A blank field and null both mean "the page's default".
const blankIsNull = (value: string) => (value === '' ? null : value);

const line = (label: string, max: number) =>
  text(label, { error: `${label} must be text or null.` })
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .transform(blankIsNull)
    .nullable();

const address = (label: string, accepts: (value: string) => boolean, message: string) =>
  text(label, { error: `${label} must be text or null.` })
    .trim()
    .refine((value) => value === '' || accepts(value), message)
    .transform(blankIsNull)
    .nullable();

/**
 * The search and social fields a document's request takes (each optional in a change): spread
 * into a post's, a guide's or a page's fields. What each field does: @forkcast/shared/seo.
 */
export const seoInput = {
  metaTitle: line('The meta title', SEO_LIMITS.metaTitle).describe(
    "The title search results and shares show; null or '': the page's title.",
  ),
  metaDescription: line('The meta description', SEO_LIMITS.metaDescription).describe(
    "The description search results and shares show; null or '': the excerpt.",
  ),
  ogImage: address(
    'The share image',
    isShareImage,
    'Give the share image as an https URL or an image under /uploads/ or /images/.',
  ).describe("The picture a shared link shows; null or '': the hero image."),
  canonicalUrl: address(
    'The canonical URL',
    isCanonicalUrl,
    'Give the canonical URL as an https address or a path on this site, like /kyoto/ramen.',
  ).describe("The address search engines should credit; null or '': the page's own."),
  noindex: z.boolean({ error: 'noindex must be true or false.' }).describe('true keeps the page out of search results and the sitemap.'),
};
