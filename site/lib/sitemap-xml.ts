import { escapeXml } from './xml';

/** Routes no search engine should index: the not-found pages, the sign-up's landing pages, the admin, the redirects file, files. */
const EXCLUDED = /^\/(?:404(?:-[a-z]+)?|newsletter(?:\/.*)?|admin(?:\/.*)?|_redirects)$|\.[a-z]+$/;

export function indexable(route: string): boolean {
  return !EXCLUDED.test(route);
}

/** A sitemap file: `<urlset>` with one `<url>` per location, with its last change where known. */
export function urlsetXml(urls: readonly { loc: string; lastmod?: string | undefined }[]): string {
  const lines = urls.map(
    ({ loc, lastmod }) => `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}${lines.length > 0 ? '\n' : ''}</urlset>\n`;
}

/** A sitemap index: `<sitemapindex>` with one `<sitemap>` per sitemap file. */
export function sitemapIndexXml(files: readonly string[]): string {
  const lines = files.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</sitemapindex>\n`;
}

export const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8' };
