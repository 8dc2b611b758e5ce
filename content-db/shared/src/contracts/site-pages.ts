/**
 * How a page an editor writes is laid out: 'standard' is its title over its Markdown; 'about' puts
 * the text before the first `##` under the title as a lede and sets each `##` section beside its
 * heading; 'legal' numbers the `##` sections and lists them as contents under the title.
 */
export const SITE_PAGE_LAYOUTS = ['standard', 'about', 'legal'] as const;
export type SitePageLayout = (typeof SITE_PAGE_LAYOUTS)[number];

/** What an editor sees of each layout when choosing one. */
export const SITE_PAGE_LAYOUT_LABELS: Readonly<Record<SitePageLayout, string>> = {
  standard: 'Standard: the title over the text',
  about: 'About: a lede, then each ## section beside its heading',
  legal: 'Legal: numbered ## sections with a list of contents',
};

/**
 * Written in a page's title, kicker, description or text, this shows the site's name (SITE_NAME),
 * so renaming the site renames it on every page at the next full render.
 */
export const SITE_NAME_TOKEN = '{site}';

/** A page's text with the site's name in place of every SITE_NAME_TOKEN. */
export function withSiteName(text: string, siteName: string): string {
  return text.replaceAll(SITE_NAME_TOKEN, siteName);
}
