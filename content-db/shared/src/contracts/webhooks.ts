/** The events a webhook may ask for, in the order the admin lists them. */
export const WEBHOOK_EVENTS = [
  'post.published',
  'post.updated',
  'post.unpublished',
  'post.deleted',
  'page.published',
  'subscriber.confirmed',
  'subscriber.unsubscribed',
  'send.finished',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, as the admin shows it beside its checkbox. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'post.published': 'A post or guide goes live (also when a scheduled one reaches its time)',
  'post.updated': 'A live post or guide is changed',
  'post.unpublished': 'A live post or guide is taken down',
  'post.deleted': 'A post or guide is moved to the trash',
  'page.published': 'A page goes live',
  'subscriber.confirmed': 'A newsletter subscriber confirms',
  'subscriber.unsubscribed': 'A newsletter subscriber leaves',
  'send.finished': 'A newsletter send finishes',
};

/** A webhook as the API answers it; the secret only in the answer that created it. */
export interface WebhookView {
  id: number;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
  /** The newest delivery's outcome, when there was one. */
  lastDelivery: { status: 'queued' | 'delivered' | 'failed'; at: string; responseStatus: number | null } | null;
}

/** One delivery in the admin's log. */
export interface WebhookDeliveryView {
  id: number;
  webhookId: number;
  event: WebhookEvent;
  messageId: string;
  status: 'queued' | 'delivered' | 'failed';
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
  nextAttemptAt: string | null;
}
