/** What every page needs to know about the deployment it is rendered for. */
export interface SiteSettings {
  /** The product name: suffix of every title. */
  siteName: string;
  /** Canonical origin, without a trailing slash (e.g. https://forkcast.example). */
  publicHost: string;
}

/** The absolute canonical URL of a path on this site. */
export function canonicalUrl(site: SiteSettings, path: string): string {
  return new URL(path, `${site.publicHost}/`).href;
}

/** An absolute URL for a site path (or an absolute URL given as is), e.g. for share images. */
export function absoluteUrl(site: SiteSettings, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${site.publicHost}/`).href;
}

/** A page title suffixed with the product name. */
export function pageTitle(site: SiteSettings, title: string): string {
  return `${title} | ${site.siteName}`;
}
