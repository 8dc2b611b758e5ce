import { useEffect, useState } from 'react';
import type { PresenceAnswer } from '@forkcast/shared/contracts';
import { apiRequest } from '../../shared/api';

/** How often an open editor says so; the server forgets an editor silent for 50 s. */
export const PRESENCE_BEAT_MS = 20_000;

type Others = PresenceAnswer['others'];

/**
 * While the editor has post `postId` open, says so to the server every 20 seconds (and once more
 * when the tab comes back into view), and answers the other admins who have it open. Closing the
 * editor says goodbye, so the others stop being told at once. A failed heartbeat keeps what was
 * known: presence is a courtesy, never in the way of editing.
 */
export function usePresence(postId: number | undefined): Others {
  const [others, setOthers] = useState<Others>([]);
  useEffect(() => {
    if (postId === undefined) return;
    const url = `/api/posts/${postId}/presence`;
    let live = true;
    const beat = async () => {
      try {
        const answer = (await (await apiRequest('POST', url)).json()) as PresenceAnswer;
        if (live) setOthers(answer.others);
      } catch (error) {
        console.warn('Presence heartbeat failed', error);
      }
    };
    const leave = () => void apiRequest('DELETE', url, undefined, { keepalive: true }).catch(() => undefined);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void beat();
    };
    void beat();
    const timer = window.setInterval(() => void beat(), PRESENCE_BEAT_MS);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pagehide', leave);
    return () => {
      live = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [postId]);
  return others;
}

/** 'ana@forkcast.test is also editing this post', 'ana and ben are also editing this post'. */
export function presenceLine(others: Others): string | undefined {
  if (others.length === 0) return undefined;
  const names = others.map((other) => other.name);
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${listed} ${names.length === 1 ? 'is' : 'are'} also editing this post.`;
}
