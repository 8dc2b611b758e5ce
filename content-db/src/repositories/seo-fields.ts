import type { SeoFields } from '@forkcast/shared/contracts';

/**
 * The search and social columns as a table stores them (migration 0030): the four texts, null for
 * the page's default, and `noindex` as 0 or 1. Posts and guides carry them; any other document
 * table adds the same five columns and writes them through `seoColumns`.
 */
export interface SeoColumns {
  metaTitle: string | null;
  metaDescription: string | null;
  ogImage: string | null;
  canonicalUrl: string | null;
  noindex: number;
}

export const SEO_COLUMN_NAMES = ['metaTitle', 'metaDescription', 'ogImage', 'canonicalUrl', 'noindex'] as const;

/** The columns of a document that never set them. */
export const EMPTY_SEO_COLUMNS: SeoColumns = { metaTitle: null, metaDescription: null, ogImage: null, canonicalUrl: null, noindex: 0 };

/** The columns a change of some of the fields writes (a blank text stores as null: the default). */
export function seoColumns(fields: Partial<SeoFields>): Partial<SeoColumns> {
  const columns: Partial<SeoColumns> = {};
  for (const name of ['metaTitle', 'metaDescription', 'ogImage', 'canonicalUrl'] as const) {
    const value = fields[name];
    if (value !== undefined) columns[name] = value?.trim() ? value.trim() : null;
  }
  if (fields.noindex !== undefined) columns.noindex = fields.noindex ? 1 : 0;
  return columns;
}
