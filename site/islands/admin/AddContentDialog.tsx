import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { NewContentItem, StaleVersionDetails, UploadResult } from '@forkcast/shared/contracts';
import { apiRequest, staleVersionOf } from '../shared/api';
import { toast } from '../shared/toast-store';
import { AdminDialog, CancelButton } from './AdminDialog';
import { ALT_REQUIRED, AltTextField } from './AltTextField';
import { ConflictView } from './conflict/ConflictView';
import { fieldDiffs } from './conflict/field-diffs';
import { ImageDropZone } from './ImageDropZone';
import { contentKey } from './post-queries';
import { announceWrite, showRepublishedPage } from './publish';

type Mode = 'text' | 'image';

interface Draft {
  mode: Mode;
  text: string;
  url: string;
  file: File | null;
  alt: string;
}

const EMPTY: Draft = { mode: 'text', text: '', url: '', file: null, alt: '' };

/** Text mode needs non-blank text; image mode needs a URL or a file. */
const isComplete = (draft: Draft) => (draft.mode === 'text' ? draft.text.trim() !== '' : draft.file !== null || draft.url.trim() !== '');

async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { url } = (await (await apiRequest('POST', '/api/upload', form)).json()) as UploadResult;
  return url;
}

/** What the addition says, or shows: an uploaded file goes through the image pipeline once, whatever is tried after. */
async function contentOf(draft: Draft, uploaded: { file: File; url: string } | undefined): Promise<string> {
  if (draft.mode === 'text') return draft.text.trim();
  if (!draft.file) return draft.url.trim();
  return uploaded?.file === draft.file ? uploaded.url : uploadImage(draft.file);
}

/** The history's name for an addition here, so the editor's side of a conflict lines up with theirs. */
const additionLabel = (mode: Mode, position: number) =>
  `Added ${mode === 'image' ? 'image' : 'text'} ${position === 0 ? 'before section 1' : `after section ${position}`}`;

interface Props {
  postId: number;
  /** Where the addition goes: after paragraph `position - 1`. */
  position: number;
  /** The version of the post the page was read at: what the addition is made to. */
  version: number | undefined;
  /** Called after a successful addition, once the dialog has closed. */
  onSaved?: (response: Response) => void;
}

/** The '+ Add content' slot after a paragraph, adding text or an image there. */
export function AddContentDialog({ postId, position, version, onSaved }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [altError, setAltError] = useState<string>();
  const altInput = useRef<HTMLInputElement>(null);
  const uploaded = useRef<{ file: File; url: string }>(undefined);
  // An addition that ran into someone else's change of the post: what it would add, waiting for the editor's choice.
  const [conflict, setConflict] = useState<{ stale: StaleVersionDetails; content: string }>();
  const edit = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setDraft(EMPTY);
      setAltError(undefined);
      setConflict(undefined);
    }
  };

  // Made to the version the page was read at, or, added on top, to theirs.
  const add = useMutation({
    mutationFn: async ({ chosen, made }: { chosen: Draft; made: number | undefined }) => {
      const content = await contentOf(chosen, uploaded.current);
      if (chosen.mode === 'image' && chosen.file) uploaded.current = { file: chosen.file, url: content };
      const alt = chosen.mode === 'image' ? { alt: chosen.alt.trim() } : {};
      const body = { type: chosen.mode, content, ...alt, position } satisfies NewContentItem;
      try {
        return await apiRequest('POST', `/api/posts/${postId}/content`, body, { version: made });
      } catch (error) {
        const stale = staleVersionOf(error);
        if (stale) setConflict({ stale, content });
        throw error;
      }
    },
    onMutate: () => setConflict(undefined),
    onSuccess: (response) => {
      void queryClient.invalidateQueries({ queryKey: contentKey(postId) });
      announceWrite(response, 'Content added');
      onOpenChange(false);
      onSaved?.(response);
    },
    onError: (error) => {
      if (staleVersionOf(error)) return;
      console.error(error);
      toast({ title: 'Error', description: 'Failed to add content. Please try again.', variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isComplete(draft)) return;
    if (draft.mode === 'image' && draft.alt.trim() === '') {
      setAltError(ALT_REQUIRED);
      altInput.current?.focus();
      return;
    }
    add.mutate({ chosen: draft, made: version });
  };

  return (
    <AdminDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Content"
      description={`Add a note or an image after section ${position}. It appears on the page as soon as you save.`}
      trigger={
        <button type="button" className="fc-admin-add__button" aria-label={`Add content after section ${position}`}>
          <span aria-hidden="true">+</span> Add content
        </button>
      }
    >
      {conflict ? (
        <ConflictView
          noun="post"
          stale={conflict.stale}
          mine={fieldDiffs([], [[additionLabel(draft.mode, position), conflict.content]])}
          busy={add.isPending}
          onReload={showRepublishedPage}
          onReapply={() => add.mutate({ chosen: draft, made: conflict.stale.currentVersion })}
          reloadLabel="Reload the page"
          reapplyLabel="Add mine on top"
        />
      ) : (
        <form className="fc-form" onSubmit={onSubmit} noValidate>
          <fieldset className="fc-segmented">
            <legend className="visually-hidden">Content type</legend>
            {(['text', 'image'] as const).map((mode) => (
              <label key={mode}>
                <input type="radio" name={`${id}-mode`} value={mode} checked={draft.mode === mode} onChange={() => edit({ mode })} />
                <span>{mode === 'text' ? 'Text' : 'Image'}</span>
              </label>
            ))}
          </fieldset>
          {draft.mode === 'text' ? (
            <>
              <label htmlFor={`${id}-text`}>Text</label>
              <textarea
                id={`${id}-text`}
                rows={6}
                value={draft.text}
                onChange={(event) => edit({ text: event.target.value })}
                aria-describedby={`${id}-text-hint`}
              />
              <p id={`${id}-text-hint`} className="fc-form__hint">
                Markdown works here: **bold**, *italic* and [links](https://example.com).
              </p>
            </>
          ) : (
            <>
              <label htmlFor={`${id}-url`}>Image URL</label>
              <input
                id={`${id}-url`}
                type="url"
                inputMode="url"
                placeholder="https://example.com/dish.jpg"
                value={draft.url}
                disabled={draft.file !== null}
                onChange={(event) => edit({ url: event.target.value })}
              />
              <ImageDropZone label="Or upload an image file" file={draft.file} onFile={(file) => edit({ file })} />
              {draft.file && (
                <button type="button" className="fc-link-button" onClick={() => edit({ file: null })}>
                  Remove the chosen file
                </button>
              )}
              <AltTextField
                id={`${id}-alt`}
                ref={altInput}
                value={draft.alt}
                error={altError}
                onChange={(alt) => {
                  edit({ alt });
                  setAltError(undefined);
                }}
              />
            </>
          )}
          <div className="fc-form__actions">
            <CancelButton />
            <button type="submit" className="button" disabled={!isComplete(draft) || add.isPending}>
              {add.isPending ? 'Adding…' : 'Add Content'}
            </button>
          </div>
        </form>
      )}
    </AdminDialog>
  );
}
