import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { StaleVersionDetails } from '@forkcast/shared/contracts';
import { apiRequest, getJson, messageOf, staleVersionOf } from '../../shared/api';
import { toast } from '../../shared/toast-store';
import { AdminDialog, CancelButton } from '../AdminDialog';
import { ConflictView } from '../conflict/ConflictView';
import { fieldDiffs } from '../conflict/field-diffs';
import { ensureHistoryStyles } from '../history/styles';
import { announceWrite, showRepublishedPage } from '../publish';

/** A page as GET /api/pages/:id answers it: what the editor changes here, and the version it is made to. */
interface EditablePage {
  id: number;
  title: string;
  content: string;
  version: number;
}

interface Props {
  pageId: number;
  /** Shows the republished page after a successful save. */
  onRepublish: () => void;
}

/**
 * The editing toolbar of a page an editor wrote (About, Terms, Privacy, any other), on the live
 * page: Edit opens its title and Markdown, read with the version the save is made to (If-Match), and
 * a save that ran into someone else's change shows both, as a post's section editor does.
 */
export function SitePageAdmin({ pageId, onRepublish }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<{ title: string; content: string } | null>(null);
  const [conflict, setConflict] = useState<StaleVersionDetails>();
  useEffect(ensureHistoryStyles, []);
  const page = useQuery({
    queryKey: ['/api/pages', pageId],
    queryFn: () => getJson<EditablePage>(`/api/pages/${pageId}`, { on401: 'throw' }),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const source = page.data ?? undefined;
  const shown = draft ?? (source ? { title: source.title, content: source.content } : { title: '', content: '' });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setDraft(null);
      setConflict(undefined);
    }
  };
  const save = useMutation({
    mutationFn: (made: number) => apiRequest('PATCH', `/api/pages/${pageId}`, shown, { version: made }),
    onMutate: () => setConflict(undefined),
    onSuccess: (response) => {
      announceWrite(response, 'Page saved');
      onOpenChange(false);
      onRepublish();
    },
    onError: (error) => {
      const stale = staleVersionOf(error);
      if (stale) setConflict(stale);
      else toast({ title: 'Error', description: messageOf(error, 'The page could not be saved.'), variant: 'destructive' });
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (source && shown.title.trim() !== '') save.mutate(source.version);
  };

  return (
    <div className="fc-admin-toolbar__bar" role="group" aria-label="Page editing">
      <span className="fc-admin-toolbar__label">Editing this page</span>
      <AdminDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Edit this page"
        description="Its title and its text in Markdown: ## starts a section, {site} shows the site's name."
        trigger={
          <button type="button" className="fc-admin-button" aria-label="Edit this page">
            Edit
          </button>
        }
      >
        {conflict && source ? (
          <ConflictView
            noun="page"
            stale={conflict}
            mine={fieldDiffs(
              [
                ['Title', source.title],
                ['Text', source.content],
              ],
              [
                ['Title', shown.title],
                ['Text', shown.content],
              ],
            )}
            busy={save.isPending}
            onReload={showRepublishedPage}
            onReapply={() => save.mutate(conflict.currentVersion)}
            reloadLabel="Reload the page"
            reapplyLabel="Apply my edit on top"
          />
        ) : (
          <form className="fc-form" onSubmit={onSubmit} aria-busy={page.isLoading}>
            <label htmlFor={`${id}-title`}>Title</label>
            <input
              id={`${id}-title`}
              required
              value={shown.title}
              disabled={!source}
              onChange={(event) => setDraft({ ...shown, title: event.target.value })}
            />
            <label htmlFor={`${id}-content`}>Markdown</label>
            <textarea
              id={`${id}-content`}
              className="fc-markdown"
              rows={16}
              value={shown.content}
              disabled={!source}
              onChange={(event) => setDraft({ ...shown, content: event.target.value })}
            />
            {page.isError && (
              <p className="fc-dash-error" role="alert">
                {messageOf(page.error, 'The page could not be read.')}
              </p>
            )}
            <div className="fc-form__actions">
              <CancelButton />
              <button type="submit" className="button" disabled={!source || shown.title.trim() === '' || save.isPending}>
                {save.isPending ? 'Saving…' : 'Save'}
              </button>
            </div>
          </form>
        )}
      </AdminDialog>
    </div>
  );
}
