import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS, type PostComment, type PostStatus } from '@forkcast/shared/contracts';
import { apiRequest, getJson, messageOf } from '../../shared/api';
import { toast } from '../../shared/toast-store';
import { dateTime, timeAgo } from '../DashboardFormat';

/** A post's comments; under /api/posts, so every save of the post refreshes them. */
const commentsKey = (postId: number) => ['/api/posts', postId, 'comments'];

function usePostComments(postId: number | undefined) {
  return useQuery({
    queryKey: commentsKey(postId ?? 0),
    enabled: postId !== undefined,
    queryFn: async () => (await getJson<PostComment[]>(`/api/posts/${postId}/comments`, { on401: 'throw' })) ?? [],
  });
}

const KIND_LABEL: Record<PostComment['kind'], string> = { comment: 'Comment', changes: 'Changes requested' };

/**
 * What the writer must see first on a draft an editor sent back: the note of the newest request
 * for changes, above the form, until the post goes back to review.
 */
export function ReviewNote({ postId, status }: { postId: number | undefined; status: PostStatus | undefined }) {
  const comments = usePostComments(postId);
  const note = [...(comments.data ?? [])].reverse().find((comment) => comment.kind === 'changes');
  if (status !== 'draft' || !note) return null;
  return (
    <section className="fc-review-note" aria-label="Changes requested">
      <p className="fc-review-note__head">
        Changes requested by {note.userName ?? 'a former editor'}{' '}
        <time dateTime={note.createdAt} title={dateTime(note.createdAt)}>
          {timeAgo(note.createdAt)}
        </time>
      </p>
      <p className="fc-review-note__body">{note.body}</p>
    </section>
  );
}

interface PanelProps {
  postId: number;
  status: PostStatus | undefined;
  /** Whether the signed-in user may send the post back (an editor, on a post in review). */
  mayRequestChanges: boolean;
  busy: boolean;
  onRequestChanges: (note: string) => void;
}

/** The editor's review talk: every comment, a box to add one, and an editor's "Request changes". */
export function ReviewPanel({ postId, status, mayRequestChanges, busy, onRequestChanges }: PanelProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const comments = usePostComments(postId);
  const [text, setText] = useState('');
  // A note sent with a request for changes has done its work once the post leaves review; a
  // refused one stays in the box to send again.
  const deciding = useRef(mayRequestChanges);
  useEffect(() => {
    if (deciding.current && !mayRequestChanges) setText('');
    deciding.current = mayRequestChanges;
  }, [mayRequestChanges]);
  const add = useMutation({
    mutationFn: (body: string) => apiRequest('POST', `/api/posts/${postId}/comments`, { body }),
    onSuccess: async () => {
      setText('');
      await queryClient.invalidateQueries({ queryKey: commentsKey(postId) });
    },
    onError: (error) =>
      toast({ title: 'Not sent', description: messageOf(error, 'The comment could not be sent.'), variant: 'destructive' }),
  });
  const empty = text.trim() === '';
  const list = comments.data ?? [];
  return (
    <section className="fc-review-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Review</h2>
      {status === 'review' && <p className="fc-dash-meta">Waiting for an editor’s review.</p>}
      {comments.isSuccess && list.length === 0 && <p className="fc-dash-meta">No comments yet.</p>}
      {list.length > 0 && (
        <ol className="fc-review-comments" aria-label="Comments">
          {list.map((comment) => (
            <li key={comment.id} className={`fc-review-comment fc-review-comment--${comment.kind}`}>
              <p className="fc-review-comment__meta">
                <strong>{comment.userName ?? 'A former member'}</strong> · {KIND_LABEL[comment.kind]} ·{' '}
                <time dateTime={comment.createdAt} title={dateTime(comment.createdAt)}>
                  {timeAgo(comment.createdAt)}
                </time>
              </p>
              <p className="fc-review-comment__body">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      <label className="fc-field">
        <span>{mayRequestChanges ? 'Comment or note for the writer' : 'Comment'}</span>
        <textarea value={text} maxLength={LIMITS.post.comment} onChange={(event) => setText(event.target.value)} />
      </label>
      <div className="fc-review-panel__actions">
        <button
          type="button"
          className="button button--ghost fc-dash-small-button"
          disabled={empty || add.isPending}
          onClick={() => add.mutate(text.trim())}
        >
          Add comment
        </button>
        {mayRequestChanges && (
          <button
            type="button"
            className="button fc-dash-small-button"
            disabled={empty || busy}
            onClick={() => onRequestChanges(text.trim())}
          >
            Request changes
          </button>
        )}
      </div>
    </section>
  );
}
