import { parsePublishFailure, parsePublishReport, PUBLISH_HEADER } from '@forkcast/content-db/contracts';
import { ensureToaster } from '../shared/Toaster';
import { toast, useToasts, type Toast } from '../shared/toast-store';

/** sessionStorage keys that carry the reader's place and the last message across the reload. */
export const SCROLL_KEY = 'forkcast:scroll';
export const TOAST_KEY = 'forkcast:toast';

type Message = Pick<Toast, 'title' | 'description' | 'variant'>;

/**
 * 'Published in N ms' from the write's publish report header, when the server sent one and the
 * write changed a page (saving a draft publishes nothing).
 */
function publishedNote(response: Response): string | undefined {
  const report = parsePublishReport(response.headers.get(PUBLISH_HEADER));
  return report && report.pages > 0 ? `Published in ${report.ms} ms` : undefined;
}

/** What the editor is told when a change was saved but its pages could not be published. */
const NOT_LIVE_TITLE = 'Saved, but not live yet';
function notLiveDescription(reason: string): string {
  const why = reason ? `Publishing failed: ${reason}. ` : 'Publishing failed. ';
  return `${why}Your change is saved and is published on its own as soon as it can be; Publish status on /admin shows what is waiting.`;
}

/**
 * Confirms a successful write: the action's own success message with the discreet publish confirmation
 * under it. They share one toast because the page shows one toast at a time and a second
 * would replace the first at once. A write with no success message of its own gets the confirmation alone.
 * A write whose pages could not be published says so instead, with the reason.
 */
export function announceWrite(response: Response, title?: string): void {
  const failure = parsePublishFailure(response.headers.get(PUBLISH_HEADER));
  if (failure) {
    toast({ title: NOT_LIVE_TITLE, description: notLiveDescription(failure.reason), variant: 'destructive' });
    return;
  }
  const note = publishedNote(response);
  if (title) toast(note ? { title, description: note } : { title });
  else if (note) toast({ title: note });
}

/**
 * Shows the republished static page: the write has already been published when its response
 * arrives, so a reload shows it. The scroll position and the current toast survive the reload.
 */
export function showRepublishedPage(): void {
  try {
    sessionStorage.setItem(SCROLL_KEY, String(Math.round(window.scrollY)));
    const current = useToasts.getState().toasts.find((t) => t.open);
    if (current) {
      const message: Message = { title: current.title, description: current.description, variant: current.variant };
      sessionStorage.setItem(TOAST_KEY, JSON.stringify(message));
    }
  } catch (error) {
    // Storage can be unavailable (privacy modes, quota); the reload still shows the new page.
    console.warn('Could not keep the scroll position across the reload', error);
  }
  location.reload();
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string';
}

/** After a reload started by showRepublishedPage: back to the same place, and the message again. */
export function restoreAfterRepublish({ showMessage }: { showMessage: boolean }): void {
  let scroll: string | null = null;
  let saved: string | null = null;
  try {
    scroll = sessionStorage.getItem(SCROLL_KEY);
    saved = sessionStorage.getItem(TOAST_KEY);
    sessionStorage.removeItem(SCROLL_KEY);
    sessionStorage.removeItem(TOAST_KEY);
  } catch {
    return;
  }
  const y = Number(scroll);
  if (scroll !== null && Number.isFinite(y)) window.scrollTo(0, y);
  if (!showMessage || saved === null) return;
  try {
    const message: unknown = JSON.parse(saved);
    if (!isMessage(message)) return;
    ensureToaster();
    toast({
      title: message.title,
      ...(message.description ? { description: message.description } : {}),
      ...(message.variant ? { variant: message.variant } : {}),
    });
  } catch {
    // A garbled entry is simply dropped.
  }
}
