import type { APIRoute } from 'astro';
import { getAuthorPage, listPostSummaries } from '@forkcast/content-db';
import { authorFeedPath, authorPagePath } from '@forkcast/shared/urls';
import { FEED_SIZE, feedResponse } from '../../../lib/feed';

/** An author's feed: their newest published guides and posts, while they have an author page. */
export const GET: APIRoute = async ({ locals, params }) => {
  const { db, site } = locals;
  const author = await getAuthorPage(db, { slug: params.author ?? '' });
  if (!author) return new Response('Not found', { status: 404 });
  const posts = await listPostSummaries(db, { authorId: author.id, limit: FEED_SIZE });
  return feedResponse(
    db,
    site,
    {
      title: `${author.name} on ${site.siteName}`,
      path: authorPagePath(author.slug),
      feedPath: authorFeedPath(author.slug),
      description: author.bio.trim() || `Food guides and dining posts by ${author.name}.`,
    },
    posts,
  );
};
