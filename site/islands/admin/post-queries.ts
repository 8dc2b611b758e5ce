import { useQuery } from '@tanstack/react-query';
import type { ContentBlock, ContentItem, Post, Versioned } from '@forkcast/shared/contracts';
import { splitParagraphs } from '@forkcast/shared/paragraphs';

// Query keys follow the shared client's convention: the first element is the URL it fetches.
export const contentKey = (postId: number | null) => [`/api/posts/${postId}/content`];
export const blocksKey = (postId: number | null) => [`/api/posts/${postId}/blocks`];
export const postKey = (slug: string) => [`/api/posts/${encodeURIComponent(slug)}`];

/** A post's inline additions; runs only when the post id is known. */
export function useContentItems(postId: number | null) {
  return useQuery<ContentItem[] | null>({ queryKey: contentKey(postId), enabled: postId !== null });
}

/**
 * The post a page shows, read once as the page's editing controls start (by its slug): its version
 * is what every write from the page is made to, so a change someone made since the page was read
 * is never overwritten unseen.
 */
export function usePost(slug: string) {
  return useQuery<Post | null>({ queryKey: postKey(slug), enabled: slug !== '' });
}

/** The homepage hero and its version, read likewise. */
export function useHomeHero(enabled: boolean) {
  return useQuery<({ heroImage: string | null } & Versioned) | null>({ queryKey: ['/api/hero/image'], enabled });
}

/** A post's stored blocks; runs only when the post id is known. */
export function useContentBlocks(postId: number | null, enabled = true) {
  return useQuery<ContentBlock[] | null>({ queryKey: blocksKey(postId), enabled: enabled && postId !== null });
}

/**
 * Paragraph `position` of a post's Markdown. The splitting is content-db's own (imported from its
 * dependency-free source file, not the package entry, which would bring the database along), so
 * positions here always match the API's and the pages'.
 */
export function paragraphAt(content: string, position: number): string | undefined {
  return splitParagraphs(content)[position];
}
