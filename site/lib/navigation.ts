/** The header's links (SPEC §2, shared chrome). */
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/city-guides', label: 'City Guides' },
  { href: '/posts', label: 'Posts' },
  { href: '/about', label: 'About' },
] as const;

/** The footer's links (SPEC §2): two featured guides and the static pages. */
export const FOOTER_GUIDE_LINKS = [
  { href: '/san-francisco/guide', label: 'San Francisco Guide' },
  { href: '/london/guide', label: 'London Guide' },
  { href: '/city-guides', label: 'All City Guides' },
] as const;

export const FOOTER_SITE_LINKS = [
  { href: '/about', label: 'About' },
  { href: '/terms', label: 'Terms of Use' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/sitemap', label: 'Sitemap' },
] as const;
