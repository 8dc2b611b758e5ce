import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NewsletterSend } from '@forkcast/shared/contracts';
import { adminQuery } from '../DashboardQueries';

export const SENDS_URL = '/api/newsletter/sends';
const SENDS_EVENTS_URL = '/api/newsletter/sends/events';
export const SEND_TEST_URL = '/api/newsletter/sends/test';

/** GET /api/newsletter/sends and each event of its stream. */
export interface SendsOverview {
  sends: NewsletterSend[];
  delivery: { waitingUntil?: string; problem?: string };
}

/**
 * Every newsletter send with its progress, kept current while the page is open: the list is read
 * once, then the server pushes it again (server-sent events) whenever a count changes, so the
 * numbers move as messages go out without the page asking again and again. EventSource reconnects
 * by itself when the server restarts.
 */
export function useSendsOverview() {
  const queryClient = useQueryClient();
  const overview = useQuery({ queryKey: [SENDS_URL], queryFn: adminQuery<SendsOverview>(SENDS_URL) });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(SENDS_EVENTS_URL, { withCredentials: true });
    source.addEventListener('sends', (event) => {
      const pushed = JSON.parse((event as MessageEvent<string>).data) as SendsOverview;
      // A read still under way was asked before this push, so its answer may be older: it is dropped.
      void queryClient.cancelQueries({ queryKey: [SENDS_URL] }).then(() => queryClient.setQueryData([SENDS_URL], pushed));
    });
    return () => source.close();
  }, [queryClient]);
  return overview;
}

/** The send of a post that counts (waiting, sending or done), if any. */
export function sendOfPost(overview: SendsOverview | undefined, postId: number): NewsletterSend | undefined {
  return overview?.sends.find((send) => send.postId === postId && send.status !== 'cancelled');
}
