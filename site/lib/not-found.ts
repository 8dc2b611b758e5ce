import type { NotFoundKind } from '@forkcast/shared/urls';

/** The heading and message of each not-found page, by what the missing URL looked like. */
export const NOT_FOUND_COPY: Record<NotFoundKind, { title: string; message: string }> = {
  page: { title: 'Page Not Found', message: "We couldn't find that page. It may have moved, or the link may be mistyped." },
  post: { title: 'Post Not Found', message: 'This post does not exist, or it is no longer published.' },
  guide: { title: 'City Guide Not Found', message: "We don't have a guide for this city yet. Browse the cities we cover instead." },
};
