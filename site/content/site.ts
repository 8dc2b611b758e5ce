/**
 * The publication's own details that pages and the chrome show: where readers write, which guides
 * the footer features, the year on the copyright line and how featured cards trim two cities'
 * descriptions. Editorial choices, kept here with the other content rather than in components.
 */

/** Where readers can write when the contact dialog is not available. */
export const CONTACT_EMAIL = 'hello@forkcast.example';

/** The year the copyright line names; fixed so every build writes the same bytes. */
export const COPYRIGHT_YEAR = 2025;

/** The header's links. */
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/city-guides', label: 'City Guides' },
  { href: '/posts', label: 'Posts' },
  { href: '/about', label: 'About' },
] as const;

/** The footer's first column: two featured guides and the list of all of them. */
export const FOOTER_GUIDE_LINKS = [
  { href: '/san-francisco/guide', label: 'San Francisco Guide' },
  { href: '/london/guide', label: 'London Guide' },
  { href: '/city-guides', label: 'All City Guides' },
] as const;

/** The footer's second column: the static pages (the contact dialog's opener follows them). */
export const FOOTER_SITE_LINKS = [
  { href: '/about', label: 'About' },
  { href: '/terms', label: 'Terms of Use' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/sitemap', label: 'Sitemap' },
] as const;

/** Home's featured cards end these cities' descriptions right after the given word (by city slug). */
export const FEATURED_DESCRIPTION_CUTS: Readonly<Record<string, string>> = {
  kyoto: 'techniques.',
  osaka: 'tradition.',
};
