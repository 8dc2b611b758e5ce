/**
 * Where a post is in its life: written, waiting for an editor's review, waiting for its `publishAt`
 * time, or live. Only a published post is ever public.
 */
export const POST_STATUSES = ['draft', 'review', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** What the admin calls each status (its lists, the editor's bar). */
export const POST_STATUS_LABEL: Record<PostStatus, string> = {
  draft: 'Draft',
  review: 'In review',
  scheduled: 'Scheduled',
  published: 'Published',
};
