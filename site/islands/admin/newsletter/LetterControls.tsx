import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { NewsletterSend, Post, Subscriber } from '@forkcast/shared/contracts';
import { apiRequest, messageOf } from '../../shared/api';
import { useAuth } from '../../shared/auth-store';
import { toast } from '../../shared/toast-store';
import { AdminDialog, CancelButton } from '../AdminDialog';
import { plural } from '../DashboardFormat';
import { adminQuery, SUBSCRIBERS_URL } from '../DashboardQueries';
import { SendProgress } from './SendProgress';
import { SEND_TEST_URL, SENDS_URL, sendOfPost, useSendsOverview } from './sends-live';

interface LetterControlsProps {
  post: Pick<Post, 'id' | 'title' | 'status'>;
  /** The panel's title and its heading level where it is placed. */
  title?: string;
  headingLevel?: 2 | 3;
}

/**
 * Sending one post as the newsletter: a test to one address first, then the send to every
 * confirmed subscriber (once, after a confirmation), and its progress as it goes out. A draft can
 * only be tested; a scheduled post is sent when it goes live.
 */
export function LetterControls({ post, title = 'Newsletter', headingLevel = 2 }: LetterControlsProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const queryClient = useQueryClient();
  const [testTo, setTestTo] = useState('');
  const [confirming, setConfirming] = useState(false);
  const overview = useSendsOverview();
  const subscribers = useQuery({ queryKey: [SUBSCRIBERS_URL], queryFn: adminQuery<Subscriber[]>(SUBSCRIBERS_URL) });
  const confirmed = subscribers.data?.filter((subscriber) => subscriber.status === 'confirmed').length;
  const send = sendOfPost(overview.data, post.id);

  useEffect(() => {
    let active = true;
    void useAuth
      .getState()
      .load()
      .then((user) => {
        if (active && user) setTestTo((current) => current || user.email);
      });
    return () => {
      active = false;
    };
  }, []);

  const test = useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', SEND_TEST_URL, { postId: post.id, email: testTo.trim() })).json()) as { message: string },
    onSuccess: ({ message }) => toast({ title: 'Test sent', description: `${message} Check how it looks before you send it to everyone.` }),
    onError: (error) =>
      toast({
        title: 'Test not sent',
        description: messageOf(error, 'The test could not be sent. Please try again.'),
        variant: 'destructive',
      }),
  });

  const start = useMutation({
    mutationFn: async () => (await (await apiRequest('POST', SENDS_URL, { postId: post.id })).json()) as NewsletterSend,
    onSuccess: async (started) => {
      setConfirming(false);
      toast(
        started.status === 'waiting'
          ? { title: 'Set to send', description: `'${post.title}' goes to your subscribers when it goes live.` }
          : { title: 'Sending', description: `'${post.title}' is on its way to ${plural(started.total, 'subscriber')}.` },
      );
      await queryClient.invalidateQueries({ queryKey: [SENDS_URL] });
    },
    onError: (error) => {
      setConfirming(false);
      toast({
        title: 'Not sent',
        description: messageOf(error, 'The newsletter could not be sent. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  const audience = confirmed === undefined ? 'every confirmed subscriber' : plural(confirmed, 'confirmed subscriber');
  const live = post.status === 'published';
  return (
    <section className="fc-letter" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="fc-letter__title">
        {title}
      </Heading>
      <form
        className="fc-letter__test"
        onSubmit={(event) => {
          event.preventDefault();
          if (!test.isPending) test.mutate();
        }}
      >
        <label className="fc-field">
          <span>Send a test to</span>
          <input type="email" value={testTo} onChange={(event) => setTestTo(event.target.value)} required autoComplete="email" />
        </label>
        <button type="submit" className="button button--ghost fc-dash-small-button" disabled={test.isPending || testTo.trim() === ''}>
          {test.isPending ? 'Sending test…' : 'Send test'}
        </button>
      </form>

      {send ? (
        <SendProgress send={send} />
      ) : post.status === 'draft' || post.status === 'review' ? (
        <p className="fc-dash-hint">Publish or schedule the post to send it to your subscribers.</p>
      ) : (
        <AdminDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <button type="button" className="button fc-dash-small-button" disabled={confirmed === 0 || start.isPending}>
              {live ? 'Send to subscribers' : 'Send when it goes live'}
            </button>
          }
          title={live ? 'Send this post to your subscribers?' : 'Send this post when it goes live?'}
          description={
            live
              ? `'${post.title}' goes to ${audience} now, by email. A post is sent once; this cannot be undone once it has gone out.`
              : `'${post.title}' goes to ${audience} by email as soon as it is published.`
          }
        >
          <div className="fc-form__actions">
            <CancelButton />
            <button type="button" className="button" disabled={start.isPending} onClick={() => start.mutate()}>
              {start.isPending ? 'Starting…' : live ? 'Send now' : 'Send when live'}
            </button>
          </div>
        </AdminDialog>
      )}
      {!send && confirmed === 0 && post.status !== 'draft' && (
        <p className="fc-dash-hint">Nobody has confirmed a subscription yet, so there is nobody to send it to.</p>
      )}
      {overview.data?.delivery.problem && send?.status === 'sending' && (
        <p className="fc-dash-error" role="alert">
          The mail server cannot be reached ({overview.data.delivery.problem}); sending goes on by itself when it can.
        </p>
      )}
    </section>
  );
}
