import { CHANGE_HEADER, parseChangeHeader, parsePublishFailure, parsePublishReport, PUBLISH_HEADER } from '@forkcast/shared/contracts';
import { apiRequest, messageOf } from '../shared/api';
import { ensureToaster } from '../shared/Toaster';
import { toast, useToasts, type Toast, type ToastAction } from '../shared/toast-store';

/** sessionStorage keys that carry the reader's place and the last message across the reload. */
export const SCROLL_KEY = 'forkcast:scroll';
export const TOAST_KEY = 'forkcast:toast';

/** What a toast carries across a reload: its words, and the change its Undo (or Redo) takes back. */
type Message = Pick<Toast, 'title' | 'description' | 'variant'> & { undo?: Undo };
interface Undo {
  changeId: number;
  label: 'Undo' | 'Redo';
}

/** The current toast's Undo, kept beside the toast so it survives a reload. */
let currentUndo: { toastId: number; undo: Undo } | undefined;

/** Shows a toast whose button takes `undo.changeId` back. */
function toastWithUndo(message: Omit<Message, 'undo'> & Pick<Toast, 'link'>, undo: Undo | undefined): void {
  const action: ToastAction | undefined = undo && {
    label: undo.label,
    altText: `${undo.label} this change from the history on /admin`,
    onClick: () => void takeBack(undo),
  };
  const toastId = toast({ ...message, ...(action ? { action } : {}) });
  currentUndo = undo && { toastId, undo };
}

/**
 * Undo: puts back what the change replaced and publishes it, then shows the page as it is now. The
 * message that says so offers Redo, which takes the undo back in turn.
 */
async function takeBack(undo: Undo): Promise<void> {
  try {
    const response = await apiRequest('POST', `/api/changes/${undo.changeId}/undo`);
    announceWrite(response, undo.label === 'Undo' ? 'Change undone' : 'Change redone', undo.label === 'Undo' ? 'Redo' : 'Undo');
    showRepublishedPage();
  } catch (error) {
    toast({
      title: `Could not ${undo.label.toLowerCase()}`,
      description: messageOf(error, 'The change could not be taken back. Please try again.'),
      variant: 'destructive',
    });
  }
}

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
export function announceWrite(response: Response, title?: string, undoLabel: Undo['label'] = 'Undo'): void {
  const changeId = parseChangeHeader(response.headers.get(CHANGE_HEADER));
  const undo = changeId === undefined ? undefined : { changeId, label: undoLabel };
  const failure = parsePublishFailure(response.headers.get(PUBLISH_HEADER));
  if (failure) {
    toastWithUndo({ title: NOT_LIVE_TITLE, description: notLiveDescription(failure.reason), variant: 'destructive' }, undo);
    return;
  }
  const note = publishedNote(response);
  if (title) toastWithUndo(note ? { title, description: note } : { title }, undo);
  else if (note) toastWithUndo({ title: note }, undo);
}

/**
 * A successful write's own message (words the product fixes, such as 'Subscriber deleted'), with
 * the Undo of the change the answer names.
 */
export function announceChange(response: Response, message: Pick<Toast, 'title' | 'description' | 'link'>): void {
  const changeId = parseChangeHeader(response.headers.get(CHANGE_HEADER));
  toastWithUndo(message, changeId === undefined ? undefined : { changeId, label: 'Undo' });
}

/** Keeps the current toast (with its Undo) for the next page this tab opens: a reload, or a move to another admin page. */
export function keepToastForNextPage(): void {
  try {
    const current = useToasts.getState().toasts.find((t) => t.open);
    if (!current) return;
    const undo = currentUndo?.toastId === current.id ? currentUndo.undo : undefined;
    const message: Message = {
      title: current.title,
      description: current.description,
      variant: current.variant,
      ...(undo ? { undo } : {}),
    };
    sessionStorage.setItem(TOAST_KEY, JSON.stringify(message));
  } catch (error) {
    // Storage can be unavailable (privacy modes, quota); the next page simply shows no message.
    console.warn('Could not keep the message for the next page', error);
  }
}

/**
 * Shows the republished static page: the write has already been published when its response
 * arrives, so a reload shows it. The scroll position and the current toast survive the reload.
 */
export function showRepublishedPage(): void {
  keepToastForNextPage();
  try {
    sessionStorage.setItem(SCROLL_KEY, String(Math.round(window.scrollY)));
  } catch (error) {
    // Storage can be unavailable (privacy modes, quota); the reload still shows the new page.
    console.warn('Could not keep the scroll position across the reload', error);
  }
  location.reload();
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string';
}

function undoOf(message: Message): Undo | undefined {
  const undo = message.undo as Partial<Undo> | undefined;
  if (!undo || !Number.isInteger(undo.changeId) || (undo.label !== 'Undo' && undo.label !== 'Redo')) return undefined;
  return { changeId: undo.changeId!, label: undo.label };
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
    toastWithUndo(
      {
        title: message.title,
        ...(message.description ? { description: message.description } : {}),
        ...(message.variant ? { variant: message.variant } : {}),
      },
      undoOf(message),
    );
  } catch {
    // A garbled entry is simply dropped.
  }
}
