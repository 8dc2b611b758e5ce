import type { APIRoute } from 'astro';
import { listCityLinks, listPostLinks } from '@forkcast/content-db';
import { SITEMAP_POSTS_PER_FILE } from '@forkcast/shared/urls';
import { citiesById, postPath } from '../../lib/links';
import { absoluteUrl } from '../../lib/site-settings';
import { urlsetXml, XML_HEADERS } from '../../lib/sitemap-xml';

/**
 * /sitemaps/posts-{n}.xml: every published post with an id in range n, at its one canonical URL, with
 * its last change; but those kept out of search (noindex). The file exists while its range has a
 * published post, listed or not, as the routes say (routes.ts).
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const match = /^posts-([1-9]\d*)\.xml$/.exec(params.file ?? '');
  const range = match ? Number(match[1]) : undefined;
  const posts = range
    ? await listPostLinks(locals.db, {
        idFrom: (range - 1) * SITEMAP_POSTS_PER_FILE + 1,
        idTo: range * SITEMAP_POSTS_PER_FILE,
        withUpdatedAt: true,
      })
    : [];
  if (posts.length === 0) return new Response('Not found', { status: 404 });
  const byId = citiesById(
    await listCityLinks(locals.db, [...new Set(posts.flatMap((post) => (post.cityId === null ? [] : [post.cityId])))]),
  );
  const urls = posts
    .filter((post) => post.noindex !== 1)
    .map((post) => ({ loc: absoluteUrl(locals.site, postPath(post, byId)), lastmod: post.updatedAt }));
  return new Response(urlsetXml(urls), { headers: XML_HEADERS });
};
