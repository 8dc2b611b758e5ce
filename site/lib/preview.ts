import { getCityGuide, getPostById, getPostBySlug, type Db, type Post } from '@forkcast/content-db';

/**
 * The post a post page shows for a slug: the published one, or, only when the admin previews
 * exactly this post, the post whatever its status, with the editor's unsaved changes over it.
 */
export async function previewablePost(db: Db, slug: string, preview: App.Locals['preview']): Promise<Post | undefined> {
  const post = (await getPostBySlug(db, slug, { publishedOnly: true })) ?? (preview ? await getPostBySlug(db, slug) : undefined);
  if (!post || post.id !== preview?.postId) return post?.published ? post : undefined;
  return { ...post, ...preview.changes };
}

/**
 * The guide a city's guide page shows: its newest published guide, or, only when the admin
 * previews a guide of this very city, that guide whatever its status, with the unsaved changes.
 */
export async function previewableGuide(db: Db, cityId: number, preview: App.Locals['preview']): Promise<Post | undefined> {
  const previewed = preview && (await getPostById(db, preview.postId));
  if (previewed?.type === 'guide' && previewed.cityId === cityId) return { ...previewed, ...preview?.changes };
  return getCityGuide(db, { cityId });
}

/** What the Preview bar says of the post a page shows, when the admin previews exactly that post. */
export function previewBar(post: Pick<Post, 'id' | 'status' | 'publishAt'>, preview: App.Locals['preview']) {
  return preview?.postId === post.id ? { status: post.status, publishAt: post.publishAt } : undefined;
}
