import { authorPagePath } from '@forkcast/shared/urls';
import { absoluteUrl, type SiteSettings } from './site-settings';

interface ArticleLike {
  title: string;
  excerpt: string;
  heroImage: string;
  publishedAt: string;
  updatedAt: string;
  path: string;
  /** Its byline, in order; without one the publication itself is the author. */
  authors: readonly { name: string; slug: string }[];
}

/** schema.org Person for each author, with their author page as url. */
function authorsLd(site: SiteSettings, authors: ArticleLike['authors']): object | object[] {
  if (authors.length === 0) return { '@type': 'Organization', name: site.siteName, url: absoluteUrl(site, '/') };
  const people = authors.map((author) => ({ '@type': 'Person', name: author.name, url: absoluteUrl(site, authorPagePath(author.slug)) }));
  return people.length === 1 ? people[0]! : people;
}

/** schema.org Article for a post or guide. */
export function articleLd(site: SiteSettings, article: ArticleLike): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.excerpt,
    image: [absoluteUrl(site, article.heroImage)],
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    mainEntityOfPage: absoluteUrl(site, article.path),
    author: authorsLd(site, article.authors),
    publisher: {
      '@type': 'Organization',
      name: site.siteName,
      logo: { '@type': 'ImageObject', url: absoluteUrl(site, '/apple-touch-icon.png') },
    },
  };
}

/** schema.org BreadcrumbList; the last crumb is the page itself. */
export function breadcrumbLd(site: SiteSettings, crumbs: { label: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(site, crumb.path),
    })),
  };
}

/** schema.org ItemList of links, for listings. */
export function itemListLd(site: SiteSettings, name: string, items: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      url: absoluteUrl(site, item.path),
    })),
  };
}
