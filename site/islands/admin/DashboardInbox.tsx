import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { relativeDate } from '../../lib/dates';
import { apiRequest, messageOf } from '../shared/api';
import { toast } from '../shared/toast-store';
import { dateTime, plural } from './DashboardFormat';
import { adminQuery, CONTACT_MESSAGES_URL, LOGIN_URL } from './DashboardQueries';
import { DashboardQueryError } from './DashboardQueryError';
import type { ContactMessage } from '@forkcast/shared/contracts';

const newestFirst = (a: ContactMessage, b: ContactMessage) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/** A mailto link to exactly this address: a stored address can never add fields (cc, body) to the link. */
function mailtoOf(email: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`;
}

function replyHref({ email, subject }: ContactMessage): string {
  const reply = /^re:/i.test(subject) ? subject : `Re: ${subject}`;
  return `${mailtoOf(email)}?subject=${encodeURIComponent(reply)}`;
}

/** The contact inbox: every message sent through the contact dialog, newest first. */
export function DashboardInbox() {
  const id = useId();
  const queryClient = useQueryClient();
  const messages = useQuery({
    queryKey: [CONTACT_MESSAGES_URL],
    queryFn: adminQuery<ContactMessage[]>(CONTACT_MESSAGES_URL),
    select: (list) => [...list].sort(newestFirst),
  });

  const remove = useMutation({
    mutationFn: (message: ContactMessage) => apiRequest('DELETE', `${CONTACT_MESSAGES_URL}/${message.id}`),
    onSuccess: async (_response, message) => {
      toast({ title: 'Message deleted', description: `The message from ${message.name} has been removed.` });
      await queryClient.invalidateQueries({ queryKey: [CONTACT_MESSAGES_URL] });
    },
    onError: (error) => {
      toast({ title: 'Error', description: messageOf(error, 'Failed to delete message'), variant: 'destructive' });
    },
  });

  const list = messages.data ?? [];
  return (
    <section className="fc-dash-card" aria-labelledby={`${id}-title`}>
      <div className="fc-dash-card__head">
        <div>
          <p className="kicker">Contact</p>
          <h2 id={`${id}-title`}>Messages</h2>
          {messages.isSuccess && <p className="fc-dash-meta">{plural(list.length, 'message')}</p>}
        </div>
      </div>

      {messages.isPending && (
        <div className="fc-dash-inbox-loading">
          <p className="visually-hidden" role="status">
            Loading messages…
          </p>
          <span className="fc-dash-skeleton" aria-hidden="true" />
          <span className="fc-dash-skeleton fc-dash-skeleton--short" aria-hidden="true" />
        </div>
      )}

      {messages.isError && (
        <DashboardQueryError
          error={messages.error}
          failure="Failed to fetch messages"
          expired={
            <>
              Your session has expired. <a href={LOGIN_URL}>Log in again</a> to read messages.
            </>
          }
          onRetry={() => void messages.refetch()}
        />
      )}

      {messages.isSuccess && list.length === 0 && <p className="fc-dash-empty">No messages yet</p>}

      {list.length > 0 && (
        <ol className="fc-dash-inbox">
          {list.map((message) => (
            <li key={message.id}>
              <article className="fc-dash-message" aria-labelledby={`${id}-m${message.id}`}>
                <header className="fc-dash-message__head">
                  <h3 id={`${id}-m${message.id}`}>{message.subject}</h3>
                  <p className="fc-dash-meta">
                    From <strong>{message.name}</strong> &lt;<a href={mailtoOf(message.email)}>{message.email}</a>&gt; ·{' '}
                    <time dateTime={message.createdAt} title={dateTime(message.createdAt)}>
                      {relativeDate(message.createdAt)}
                    </time>
                  </p>
                </header>
                <p className="fc-dash-message__body">{message.message}</p>
                <div className="fc-dash-message__actions">
                  <a className="button button--ghost fc-dash-small-button" href={replyHref(message)}>
                    Reply <span className="visually-hidden">to {message.name}</span>
                  </a>
                  <button type="button" className="fc-dash-danger" disabled={remove.isPending} onClick={() => remove.mutate(message)}>
                    {remove.isPending && remove.variables?.id === message.id ? 'Deleting…' : 'Delete'}{' '}
                    <span className="visually-hidden">message from {message.name}</span>
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
