import { useQuery } from '@tanstack/react-query';
import type { ContentBlock, ContentItem } from '@forkcast/shared/contracts';
import { splitParagraphs } from '@forkcast/shared/paragraphs';

// Query keys follow the shared client's convention: the first element is the URL it fetches.
export const contentKey = (postId: number | null) => [`/api/posts/${postId}/content`];
export const blocksKey = (postId: number | null) => [`/api/posts/${postId}/blocks`];
export const postKey = (slug: string) => [`/api/posts/${encodeURIComponent(slug)}`];

/** A post's inline additions; runs only when the post id is known. */
export function useContentItems(postId: number | null) {
  return useQuery<ContentItem[] | null>({ queryKey: contentKey(postId), enabled: postId !== null });
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
