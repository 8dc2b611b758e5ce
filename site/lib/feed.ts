import { listAuthors, listCityLinks, type Db, type PostSummary } from '@forkcast/content-db';
import { bylineText } from './bylines';
import { citiesById, postPath } from './links';
import { absoluteUrl, type SiteSettings } from './site-settings';
import { escapeXml } from './xml';

/** The newest items a reader's feed shows. */
export const FEED_SIZE = 30;

interface Channel {
  title: string;
  /** The page the feed stands for, and the feed's own path. */
  path: string;
  feedPath: string;
  description: string;
}

/** An RSS 2.0 feed of these posts (newest first), each with its byline as `dc:creator`. */
export async function feedResponse(db: Db, site: SiteSettings, channel: Channel, posts: readonly PostSummary[]): Promise<Response> {
  const byId = citiesById(await listCityLinks(db, [...new Set(posts.flatMap((post) => (post.cityId === null ? [] : [post.cityId])))]));
  const bylines = await Promise.all(posts.map(async (post) => bylineText(await listAuthors(db, post.authorIds))));
  const items = posts.map((post, index) => {
    const link = absoluteUrl(site, postPath(post, byId));
    const date = new Date(post.publishedAt ?? post.createdAt).toUTCString();
    const byline = bylines[index];
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${date}</pubDate>`,
      ...(byline ? [`      <dc:creator>${escapeXml(byline)}</dc:creator>`] : []),
      `      <description>${escapeXml(post.excerpt)}</description>`,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      '    </item>',
    ].join('\n');
  });
  const newest = posts[0] ? new Date(posts[0].publishedAt ?? posts[0].createdAt).toUTCString() : undefined;
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(absoluteUrl(site, channel.path))}</link>`,
    `    <atom:link href="${escapeXml(absoluteUrl(site, channel.feedPath))}" rel="self" type="application/rss+xml" />`,
    `    <description>${escapeXml(channel.description)}</description>`,
    '    <language>en-us</language>',
    ...(newest ? [`    <lastBuildDate>${newest}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
}
