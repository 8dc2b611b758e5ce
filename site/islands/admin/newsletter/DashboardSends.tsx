import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { NewsletterSend, Post } from '@forkcast/shared/contracts';
import { apiRequest, messageOf } from '../../shared/api';
import { toast } from '../../shared/toast-store';
import { AdminDialog, CancelButton } from '../AdminDialog';
import { dateTime } from '../DashboardFormat';
import { adminQuery, LOGIN_URL } from '../DashboardQueries';
import { DashboardQueryError } from '../DashboardQueryError';
import { LetterControls } from './LetterControls';
import { SendProgress } from './SendProgress';
import { SENDS_URL, useSendsOverview } from './sends-live';

// The posts offered for sending: the newest live ones and every one waiting to go live.
const PUBLISHED_URL = '/api/posts?status=published&limit=30';
const SCHEDULED_URL = '/api/posts?status=scheduled&limit=30';

function CancelSend({ send }: { send: NewsletterSend }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => apiRequest('POST', `${SENDS_URL}/${send.id}/cancel`),
    onSuccess: async () => {
      setOpen(false);
      toast({ title: 'Send cancelled', description: `'${send.subject}' goes to nobody else.` });
      await queryClient.invalidateQueries({ queryKey: [SENDS_URL] });
    },
    onError: (error) => {
      setOpen(false);
      toast({ title: 'Error', description: messageOf(error, 'The send could not be cancelled.'), variant: 'destructive' });
    },
  });
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="fc-dash-danger">
          Cancel send <span className="visually-hidden">of {send.subject}</span>
        </button>
      }
      title="Cancel this send?"
      description={`'${send.subject}' stops here: the ${send.remaining} messages not yet sent are dropped. Those already sent stay sent.`}
    >
      <div className="fc-form__actions">
        <CancelButton />
        <button type="button" className="button fc-dash-danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          Cancel the send
        </button>
      </div>
    </AdminDialog>
  );
}

/** /admin's newsletter sends: send a post (test first), and every send's progress, live. */
export function DashboardSends() {
  const id = useId();
  const [chosen, setChosen] = useState('');
  const overview = useSendsOverview();
  const published = useQuery({ queryKey: ['/api/posts', PUBLISHED_URL], queryFn: adminQuery<Post[]>(PUBLISHED_URL) });
  const scheduled = useQuery({ queryKey: ['/api/posts', SCHEDULED_URL], queryFn: adminQuery<Post[]>(SCHEDULED_URL) });
  const candidates = [...(scheduled.data ?? []), ...(published.data ?? [])];
  const post = candidates.find((candidate) => String(candidate.id) === chosen);
  const sends = overview.data?.sends ?? [];

  return (
    <section className="fc-dash-card fc-dash-sends" aria-labelledby={`${id}-title`}>
      <div className="fc-dash-card__head">
        <div>
          <p className="kicker">Newsletter</p>
          <h2 id={`${id}-title`}>Sends</h2>
          <p className="fc-dash-meta">Send a post to every confirmed subscriber, after a test to yourself.</p>
        </div>
      </div>

      <label className="fc-field fc-dash-sends__pick">
        <span>Post to send</span>
        <select value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">Choose a post…</option>
          {scheduled.data && scheduled.data.length > 0 && (
            <optgroup label="Scheduled">
              {scheduled.data.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.title}
                </option>
              ))}
            </optgroup>
          )}
          {published.data && published.data.length > 0 && (
            <optgroup label="Published">
              {published.data.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.title}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </label>
      {post && <LetterControls key={post.id} post={post} title={`Send '${post.title}'`} headingLevel={3} />}

      {overview.data?.delivery.problem && (
        <p className="fc-dash-error" role="alert">
          The mail server cannot be reached: {overview.data.delivery.problem}. Sending goes on by itself
          {overview.data.delivery.waitingUntil ? ` after ${dateTime(overview.data.delivery.waitingUntil)}` : ''}.
        </p>
      )}
      {overview.isPending && (
        <p className="fc-dash-empty" role="status">
          Loading sends…
        </p>
      )}
      {overview.isError && (
        <DashboardQueryError
          error={overview.error}
          failure="Failed to fetch the newsletter sends"
          expired={
            <>
              Your session has expired. <a href={LOGIN_URL}>Log in again</a> to see the sends.
            </>
          }
          onRetry={() => void overview.refetch()}
        />
      )}
      {overview.isSuccess && sends.length === 0 && <p className="fc-dash-empty">No post has been sent yet.</p>}
      {sends.length > 0 && (
        <ol className="fc-dash-sends__list" aria-label="Sends, newest first">
          {sends.map((send) => (
            <li key={send.id} className="fc-dash-sends__item">
              <h3>{send.postId === null ? send.subject : <a href={`/admin/editor?id=${send.postId}`}>{send.subject}</a>}</h3>
              <SendProgress send={send} />
              {(send.status === 'sending' || send.status === 'waiting') && <CancelSend send={send} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
