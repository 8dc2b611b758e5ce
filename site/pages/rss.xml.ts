import type { APIRoute } from 'astro';
import { listPostSummaries } from '@forkcast/content-db';
import { FEED_SIZE, feedResponse } from '../lib/feed';

/** rss.xml: the newest published guides and posts. */
export const GET: APIRoute = async ({ locals }) => {
  const { db, site } = locals;
  const posts = await listPostSummaries(db, { limit: FEED_SIZE });
  return feedResponse(
    db,
    site,
    { title: site.siteName, path: '/', feedPath: '/rss.xml', description: 'Curated city food guides and dining posts.' },
    posts,
  );
};
