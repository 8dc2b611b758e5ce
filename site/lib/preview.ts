import { getPostBySlug, type Db, type Post } from '@forkcast/content-db';

/**
 * The post a post page shows for a slug: the published one, or, only when the admin previews
 * exactly this post, the post whatever its status.
 */
export async function previewablePost(db: Db, slug: string, preview: App.Locals['preview']): Promise<Post | undefined> {
  const post = await getPostBySlug(db, slug, { publishedOnly: true });
  if (post || !preview) return post;
  const unpublished = await getPostBySlug(db, slug);
  return unpublished?.id === preview.postId ? unpublished : undefined;
}
