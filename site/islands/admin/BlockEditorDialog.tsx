import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ORIGINAL_BLOCK_ID, type NewContentBlock, type Post, type StaleVersionDetails } from '@forkcast/shared/contracts';
import { apiRequest, messageOf, staleVersionOf } from '../shared/api';
import { toast } from '../shared/toast-store';
import { AdminDialog, CancelButton } from './AdminDialog';
import { ConflictView } from './conflict/ConflictView';
import { fieldDiffs } from './conflict/field-diffs';
import { blocksKey, paragraphAt, postKey, useContentBlocks } from './post-queries';
import { ensureHistoryStyles } from './history/styles';
import { announceWrite, showRepublishedPage } from './publish';

interface Props {
  postId: number;
  postSlug: string;
  /** The paragraph index the section shows. */
  position: number;
  /** The stored block shown there, or -1 for the original paragraph. */
  blockId: number;
  /** The section's visible text, used only if its Markdown cannot be fetched. */
  sectionText: string;
  /** The version of the post the page was read at: what a save or delete is made to. */
  version: number | undefined;
  /** Called after a successful save or delete, once the dialog has closed. */
  onSaved?: (response: Response) => void;
}

const ORIGINAL_DELETE_REFUSED =
  'Cannot delete original content sections. Please use the + buttons to add content that can be edited and deleted.';

/** The Markdown the editor starts from: the stored block, or the post's original paragraph. */
function useSourceMarkdown(
  { postId, postSlug, position, blockId, sectionText }: Props,
  open: boolean,
): { markdown: string; loading: boolean } {
  const isOriginal = blockId === ORIGINAL_BLOCK_ID;
  const blocks = useContentBlocks(postId, open && !isOriginal);
  // The page carries rendered HTML, not Markdown: the post itself has the original paragraph.
  const post = useQuery<Post | null>({ queryKey: postKey(postSlug), enabled: open && isOriginal && postSlug !== '' });
  const stored = isOriginal ? undefined : blocks.data?.find((block) => block.id === blockId)?.content;
  const original = isOriginal && post.data ? paragraphAt(post.data.content, position) : undefined;
  return { markdown: stored ?? original ?? sectionText, loading: isOriginal ? post.isLoading : blocks.isLoading };
}

/** The Edit control of one body section and its Markdown editor. */
export function BlockEditorDialog(props: Props) {
  const { postId, position, blockId, version, onSaved } = props;
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // Null until the editor types: until then the textarea shows the source as it loads.
  const [draft, setDraft] = useState<string | null>(null);
  // Deleting asks first, inside the dialog, naming the edit that goes.
  const [confirming, setConfirming] = useState(false);
  // A save or delete that ran into someone else's change of the post, waiting for the editor's choice.
  const [conflict, setConflict] = useState<{ stale: StaleVersionDetails; deleting: boolean }>();
  useEffect(ensureHistoryStyles, []);
  const source = useSourceMarkdown(props, open);
  const content = draft ?? source.markdown;
  const isOriginal = blockId === ORIGINAL_BLOCK_ID;
  const section = `section ${position + 1}`;
  // The history's name for the section, so the editor's side of a conflict lines up with theirs.
  const sectionLabel = isOriginal ? `Section ${position + 1}` : `Section ${position + 1} (edited)`;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setDraft(null);
      setConfirming(false);
      setConflict(undefined);
    }
  };
  const done = (response: Response, message: string) => {
    void queryClient.invalidateQueries({ queryKey: blocksKey(postId) });
    announceWrite(response, message);
    onOpenChange(false);
    onSaved?.(response);
  };
  const fail = (error: unknown, fallback: string, deleting: boolean) => {
    const stale = staleVersionOf(error);
    if (stale) {
      setConflict({ stale, deleting });
      return;
    }
    console.error(error);
    toast({ title: 'Error', description: messageOf(error, fallback), variant: 'destructive' });
  };

  // Each write is made to the version the page was read at, or, applied on top, to theirs.
  const save = useMutation({
    mutationFn: ({ markdown, made }: { markdown: string; made: number | undefined }) =>
      isOriginal
        ? apiRequest('POST', `/api/posts/${postId}/blocks`, { content: markdown, position, isOriginal: true } satisfies NewContentBlock, {
            version: made,
          })
        : apiRequest('PUT', `/api/posts/${postId}/blocks/${blockId}`, { content: markdown }, { version: made }),
    onMutate: () => setConflict(undefined),
    onSuccess: (response) => done(response, isOriginal ? 'Content section saved successfully' : 'Content block updated successfully'),
    onError: (error) => fail(error, 'Failed to update content', false),
  });
  const remove = useMutation({
    mutationFn: (made: number | undefined) => apiRequest('DELETE', `/api/posts/${postId}/blocks/${blockId}`, undefined, { version: made }),
    onMutate: () => setConflict(undefined),
    onSuccess: (response) => done(response, 'Content block deleted successfully'),
    onError: (error) => fail(error, 'Failed to delete content block', true),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (content.trim() !== '') save.mutate({ markdown: content, made: version });
  };
  const onDelete = () => {
    if (isOriginal) {
      toast({ title: 'Error', description: ORIGINAL_DELETE_REFUSED, variant: 'destructive' });
      return;
    }
    setConfirming(true);
  };
  const stored = source.markdown.replace(/\s+/g, ' ').trim();
  const excerpt = stored.length > 140 ? `${stored.slice(0, 137)}…` : stored;

  const busy = save.isPending || remove.isPending;
  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Edit ${section}`}
      description={
        isOriginal
          ? 'This section still shows the original text. Saving stores your version in its place.'
          : 'This section shows an edited version of the original text. Save your changes or delete the edit.'
      }
      trigger={
        <button type="button" className="fc-admin-button" aria-label={`Edit ${section}`}>
          <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14">
            <path d="M4 16l1-4 8-8 3 3-8 8-4 1z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
          </svg>
          Edit
        </button>
      }
    >
      {conflict ? (
        <ConflictView
          noun="post"
          stale={conflict.stale}
          mine={fieldDiffs([[sectionLabel, source.markdown]], [[sectionLabel, conflict.deleting ? '' : content]])}
          busy={busy}
          onReload={showRepublishedPage}
          onReapply={() =>
            conflict.deleting
              ? remove.mutate(conflict.stale.currentVersion)
              : save.mutate({ markdown: content, made: conflict.stale.currentVersion })
          }
          reloadLabel="Reload the page"
          reapplyLabel={conflict.deleting ? 'Delete it anyway' : 'Apply my edit on top'}
        />
      ) : confirming ? (
        <div className="fc-confirm" role="group" aria-labelledby={`${id}-confirm`} aria-describedby={`${id}-loss`}>
          <p id={`${id}-confirm`} className="fc-confirm__question">
            Are you sure you want to delete this content block?
          </p>
          <p id={`${id}-loss`}>
            Your edited version of {section}
            {excerpt ? ` ('${excerpt}')` : ''} leaves the page and the original paragraph shows again. The edit waits in the trash on
            /admin/history for 30 days.
          </p>
          <div className="fc-confirm__actions">
            {/* The safe answer takes the focus. */}
            <button type="button" className="button button--ghost" autoFocus onClick={() => setConfirming(false)}>
              Keep it
            </button>
            <button type="button" className="button button--danger" disabled={remove.isPending} onClick={() => remove.mutate(version)}>
              {remove.isPending ? 'Deleting…' : 'Delete block'}
            </button>
          </div>
        </div>
      ) : (
        <form className="fc-form" onSubmit={onSubmit}>
          <label htmlFor={`${id}-markdown`}>Markdown</label>
          <textarea
            id={`${id}-markdown`}
            className="fc-markdown"
            rows={10}
            value={content}
            aria-busy={source.loading && draft === null}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setDraft(event.target.value)}
          />
          <p id={`${id}-hint`} className="fc-form__hint">
            Markdown: **bold**, *italic*, [links](https://example.com), lists and ## headings.
          </p>
          <div className="fc-form__actions fc-form__actions--split">
            <button type="button" className="button button--danger" onClick={onDelete} disabled={busy}>
              {remove.isPending ? 'Deleting…' : 'Delete'}
            </button>
            <CancelButton />
            <button type="submit" className="button" disabled={content.trim() === '' || busy}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      )}
    </AdminDialog>
  );
}
