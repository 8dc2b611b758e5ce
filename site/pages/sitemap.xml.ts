import type { APIRoute } from 'astro';
import { listCities, listPosts, listTagSlugs } from '@forkcast/content-db';
import { citiesById, postPath } from '../lib/links';
import { siteRoutes } from '../lib/routes';
import { absoluteUrl } from '../lib/site-settings';
import { escapeXml } from '../lib/xml';

// Pages a search engine should not index: the not-found pages, the page a sign-up without
// JavaScript lands on, the editor's dashboard, the redirects file and other non-HTML files.
const EXCLUDED = /^\/(?:404(?:-[a-z]+)?|newsletter(?:\/.*)?|admin(?:\/.*)?|_redirects)$|\.[a-z]+$/;

/**
 * sitemap.xml: every public HTML page, each post once at its canonical URL, with the last change
 * of the content behind it where known.
 */
export const GET: APIRoute = async ({ locals }) => {
  const { db, site } = locals;
  const [cities, posts, tagSlugs] = await Promise.all([listCities(db), listPosts(db, { publishedOnly: true }), listTagSlugs(db)]);
  const byId = citiesById(cities);
  const lastmod = new Map(posts.map((post) => [postPath(post, byId), post.updatedAt]));
  const urls = siteRoutes(cities, posts, tagSlugs)
    .filter((route) => !EXCLUDED.test(route))
    .map((route) => {
      const modified = lastmod.get(route);
      return `  <url><loc>${escapeXml(absoluteUrl(site, route))}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ''}</url>`;
    });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
