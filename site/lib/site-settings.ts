/** What every page needs to know about the deployment it is rendered for. */
export interface SiteSettings {
  /** The product name: suffix of every title. */
  siteName: string;
  /** Canonical origin, without a trailing slash (e.g. https://forkcast.example). */
  publicHost: string;
  /** The origin of /api/collect for the page beacon; '' for the pages' own (INSIGHTS_ORIGIN). */
  insightsOrigin?: string;
}

/** An absolute URL for a site path (or an absolute URL given as is): canonical links, share images. */
export function absoluteUrl(site: SiteSettings, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${site.publicHost}/`).href;
}

/** A page title suffixed with the product name. */
export function pageTitle(site: SiteSettings, title: string): string {
  return `${title} | ${site.siteName}`;
}
