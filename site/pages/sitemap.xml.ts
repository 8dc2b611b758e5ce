import type { APIRoute } from 'astro';
import { listPostIdRanges } from '@forkcast/content-db';
import { SITEMAP_PAGES_PATH, SITEMAP_POSTS_PER_FILE, sitemapPostsPath } from '@forkcast/shared/urls';
import { absoluteUrl } from '../lib/site-settings';
import { sitemapIndexXml, XML_HEADERS } from '../lib/sitemap-xml';

/**
 * sitemap.xml: the index of the site's sitemap files, one of every page but posts' own and one per
 * range of post ids, so a new or edited post changes one small file rather than one of every URL.
 */
export const GET: APIRoute = async ({ locals }) => {
  const ranges = await listPostIdRanges(locals.db, { size: SITEMAP_POSTS_PER_FILE });
  const files = [SITEMAP_PAGES_PATH, ...ranges.map(sitemapPostsPath)].map((path) => absoluteUrl(locals.site, path));
  return new Response(sitemapIndexXml(files), { headers: XML_HEADERS });
};
