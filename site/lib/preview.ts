import { getPostBySlug, type Db, type Post } from '@forkcast/content-db';

/**
 * The post a post page shows for a slug: the published one, or, only when the admin previews
 * exactly this post, the post whatever its status, with the editor's unsaved changes over it.
 */
export async function previewablePost(db: Db, slug: string, preview: App.Locals['preview']): Promise<Post | undefined> {
  const post = (await getPostBySlug(db, slug, { publishedOnly: true })) ?? (preview ? await getPostBySlug(db, slug) : undefined);
  if (!post || post.id !== preview?.postId) return post?.published ? post : undefined;
  return { ...post, ...preview.changes };
}
