import { canonicalPostPath } from '@forkcast/shared/urls';
import type { WebhookEvent } from '@forkcast/shared/contracts';
import type { Db } from '../db.ts';
import { toPostFields } from '../repositories/posts.ts';
import { anyWebhook, queueWebhookEvent } from '../repositories/webhooks.ts';
import type { Captured } from '../revisions/capture.ts';
import { loadState, type PostState } from '../revisions/entities.ts';

/**
 * Which event a post's change is, from its state before and after: going live (a publish, or a
 * scheduled post reaching its time), a change to what is live, being taken down, or being moved
 * to the trash. A change to a post nobody can read (a draft edited) is no event.
 */
export function postEvent(before: PostState | null, after: PostState | null): WebhookEvent | undefined {
  const wasLive = before?.post.published === 1;
  const isLive = after?.post.published === 1;
  if (before && !after) return 'post.deleted';
  if (!wasLive && isLive) return 'post.published';
  if (wasLive && !isLive) return 'post.unpublished';
  if (wasLive && isLive && JSON.stringify(before) !== JSON.stringify(after)) return 'post.updated';
  return undefined;
}

/** What an event says about a post: enough for a receiver to act without asking the API. */
async function postData(db: Db, state: PostState): Promise<Record<string, unknown>> {
  const { post } = state;
  const city =
    post.cityId === null ? undefined : await db.selectFrom('cities').select('slug').where('id', '=', post.cityId).executeTakeFirst();
  const fields = toPostFields(post);
  return {
    post: {
      id: post.id,
      type: post.type,
      title: post.title,
      slug: post.slug,
      path: canonicalPostPath(post, city),
      excerpt: post.excerpt,
      status: fields.status,
      tags: fields.tags,
      authorIds: state.authorIds,
      publishedAt: post.publishedAt,
      updatedAt: post.updatedAt,
    },
  };
}

/**
 * Queues the webhook events of a change's posts, in the change's own transaction (see
 * commitChange), so an event exists exactly when its change does. Costs one query when no
 * webhook is registered.
 */
export async function queuePostEvents(db: Db, captured: Captured, now: string, outboxId: number | null): Promise<void> {
  const posts = captured.touched.filter((touched) => touched.ref.entity === 'post');
  if (posts.length === 0 || !(await anyWebhook(db))) return;
  for (const touched of posts) {
    const before = touched.before === null ? null : (JSON.parse(touched.before) as PostState);
    const after = (await loadState(db, touched.ref)) as PostState | null;
    const event = postEvent(before, after);
    if (event) await queueWebhookEvent(db, event, await postData(db, (after ?? before)!), now, outboxId);
  }
}
