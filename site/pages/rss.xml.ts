import type { APIRoute } from 'astro';
import { listCityLinks, listPostSummaries } from '@forkcast/content-db';
import { citiesById, postPath } from '../lib/links';
import { absoluteUrl } from '../lib/site-settings';
import { escapeXml } from '../lib/xml';

// The newest items a reader's feed shows.
const FEED_SIZE = 30;

/** rss.xml: the newest published guides and posts. */
export const GET: APIRoute = async ({ locals }) => {
  const { db, site } = locals;
  const posts = await listPostSummaries(db, { limit: FEED_SIZE });
  const byId = citiesById(await listCityLinks(db, [...new Set(posts.flatMap((post) => (post.cityId === null ? [] : [post.cityId])))]));
  const items = posts.map((post) => {
    const link = absoluteUrl(site, postPath(post, byId));
    const date = new Date(post.publishedAt ?? post.createdAt).toUTCString();
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${date}</pubDate>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      '    </item>',
    ].join('\n');
  });
  const newest = posts[0] ? new Date(posts[0].publishedAt ?? posts[0].createdAt).toUTCString() : undefined;
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(site.siteName)}</title>`,
    `    <link>${escapeXml(absoluteUrl(site, '/'))}</link>`,
    `    <atom:link href="${escapeXml(absoluteUrl(site, '/rss.xml'))}" rel="self" type="application/rss+xml" />`,
    '    <description>Curated city food guides and dining posts.</description>',
    '    <language>en-us</language>',
    ...(newest ? [`    <lastBuildDate>${newest}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};
