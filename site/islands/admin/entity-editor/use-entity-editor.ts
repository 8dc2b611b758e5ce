import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { messageOf } from '../../shared/api';
import { toast } from '../../shared/toast-store';
import { announceWrite, keepToastForNextPage, restoreAfterRepublish } from '../publish';
import { useEditorKeys } from './use-editor-keys';

/** What a save sends back: the write's response (for its publish report and Undo) and the entity as stored. */
export interface SaveAnswer<Answer> {
  response: Response;
  answer: Answer;
}

/** The form as Save finds it, for the editor to decide whether and what to send. */
interface SaveRequest<Draft> {
  draft: Draft;
  saved: Draft | undefined;
  dirty: boolean;
  saving: boolean;
  setProblem: (problem: string | undefined) => void;
}

/**
 * How one editor page edits its entity. `Loaded` is what the editor reads (it may carry more than
 * the save answers with); `Extra` is what a save may send besides the form (a status change).
 */
export interface EntityEditorOptions<Draft, Loaded extends Answer, Answer extends { id: number }, Extra> {
  /** The id the page was opened with (`?id=`); undefined for a new entity. */
  initialId: number | undefined;
  /** The form of a new entity. */
  blank: () => Draft;
  /** The read of the entity, given its id now (undefined until a new one is saved). */
  load: (id: number | undefined) => { queryKey: QueryKey; enabled: boolean; queryFn: () => Promise<Loaded> };
  /** Whether only the first read fills the form, or every read (a refetch after a save too). */
  refill: 'first' | 'every';
  /** Called with each read that fills the form. */
  onLoaded?: (loaded: Loaded) => void;
  /** The form showing a stored entity. */
  draftOf: (entity: Answer) => Draft;
  /** Whether the form holds something not saved yet. */
  isDirty: (draft: Draft, saved: Draft | undefined) => boolean;
  /** Writes the form: creates the entity when `id` is undefined, else changes it. */
  send: (id: number | undefined, draft: Draft, saved: Draft | undefined, extra: Extra) => Promise<SaveAnswer<Answer>>;
  /**
   * The form once a save answered: `current` is the form now, `sent` the one that was saved and
   * `settled` the stored entity's; typing that went on during the save must not be lost.
   */
  settle: (current: Draft, sent: Draft, settled: Draft) => Draft;
  /** The editor's address for an entity, put in place once a new one is created. */
  urlOf: (id: number) => string;
  /** The title of a successful save's message. */
  savedTitle: (extra: Extra, created: boolean) => string;
  /** The queries a save makes stale. */
  invalidates: QueryKey[];
  /** Called with each save's answer. */
  onSaved?: (answer: Answer) => void;
  /** Called as each save starts. */
  onSend?: () => void;
  /** Whether the message of a failed save goes when the next save starts, or once one succeeds. */
  problemClears: 'when-sent' | 'when-saved';
  /** What a failed save says when the server gave no message. */
  notSaved: string;
  /**
   * Where a failed save's message goes besides its 'Not saved' toast: 'field' when the editor showed
   * it at a field, 'reported' when the editor told the whole story itself (no toast); otherwise it
   * shows above the form.
   */
  placeRefusal?: (error: unknown, message: string) => 'field' | 'reported' | undefined;
  /**
   * Save (its button, the form's submit, Ctrl+S): what to send besides the form, or undefined to
   * send nothing (the editor says why, if anything needs saying).
   */
  onSaveRequest: (request: SaveRequest<Draft>) => Extra | undefined;
}

export interface EntityEditor<Draft, Loaded, Extra> {
  /** The entity's id: the one opened, or the one a first save created. */
  id: number | undefined;
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  /** The form as last stored; undefined for a new entity not saved yet. */
  saved: Draft | undefined;
  setSaved: Dispatch<SetStateAction<Draft | undefined>>;
  dirty: boolean;
  /** The last read of the entity. */
  loaded: Loaded | undefined;
  /** True while the entity the page opened is being read for the first time. */
  loading: boolean;
  /** Why the entity could not be read. */
  loadError: Error | undefined;
  saving: boolean;
  /** Why the last save failed, shown above the form. */
  problem: string | undefined;
  setProblem: (problem: string | undefined) => void;
  /** Saves the form with `extra`, as it stands now. */
  save: (extra: Extra) => void;
  /** Save as the editor asked for it: through `onSaveRequest`. */
  saveNow: () => void;
  /** Goes to the dashboard without asking, keeping the current message for it: the entity is gone. */
  leaveForDashboard: () => void;
}

/**
 * The editing cycle the post and city editors share: reads the entity into a form, tracks what is
 * not saved yet, saves it (creating it first when new) without losing typing done meanwhile,
 * confirms each save with its publish report and Undo, shows why a save failed, saves on
 * Cmd/Ctrl+S and asks before the page is left with unsaved changes.
 */
export function useEntityEditor<Draft, Loaded extends Answer, Answer extends { id: number }, Extra>(
  options: EntityEditorOptions<Draft, Loaded, Answer, Extra>,
): EntityEditor<Draft, Loaded, Extra> {
  const queryClient = useQueryClient();
  const [id, setId] = useState(options.initialId);
  const [draft, setDraft] = useState<Draft>(options.blank);
  const [saved, setSaved] = useState<Draft | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const adopted = useRef<Loaded | undefined>(undefined);
  // Set once the entity is deleted, so leaving for the dashboard asks nothing.
  const gone = useRef(false);

  // A message carried over from before a reload (an undo, a restored version) shows again.
  useEffect(() => restoreAfterRepublish({ showMessage: true }), []);
  const loaded = useQuery(options.load(id));
  const { refill, onLoaded, draftOf } = options;
  useEffect(() => {
    const entity = loaded.data;
    if (!entity || entity === adopted.current || (refill === 'first' && saved !== undefined)) return;
    adopted.current = entity;
    onLoaded?.(entity);
    setDraft(draftOf(entity));
    setSaved(draftOf(entity));
  }, [loaded.data, saved, refill, onLoaded, draftOf]);

  const dirty = options.isDirty(draft, saved);

  const mutation = useMutation({
    mutationFn: async ({ form, extra }: { form: Draft; extra: Extra }) => {
      return { ...(await options.send(id, form, saved, extra)), form, extra };
    },
    onMutate: () => {
      if (options.problemClears === 'when-sent') setProblem(undefined);
      options.onSend?.();
    },
    onSuccess: ({ response, answer, form, extra }) => {
      setProblem(undefined);
      if (id === undefined) {
        setId(answer.id);
        window.history.replaceState(null, '', options.urlOf(answer.id));
      }
      options.onSaved?.(answer);
      const settled = options.draftOf(answer);
      setSaved(settled);
      setDraft((current) => options.settle(current, form, settled));
      announceWrite(response, options.savedTitle(extra, id === undefined));
      for (const queryKey of options.invalidates) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      const message = messageOf(error, options.notSaved);
      const placed = options.placeRefusal?.(error, message);
      if (placed === 'reported') return;
      if (placed !== 'field') setProblem(message);
      toast({ title: 'Not saved', description: message, variant: 'destructive' });
    },
  });

  const { mutate } = mutation;
  const save = useCallback((extra: Extra) => mutate({ form: draft, extra }), [mutate, draft]);
  const { onSaveRequest } = options;
  const saveNow = useCallback(() => {
    const extra = onSaveRequest({ draft, saved, dirty, saving: mutation.isPending, setProblem });
    if (extra !== undefined) save(extra);
  }, [onSaveRequest, draft, saved, dirty, mutation.isPending, save]);

  const mayLeave = useCallback(() => !dirty || gone.current, [dirty]);
  useEditorKeys({ onSave: saveNow, mayLeave });

  const leaveForDashboard = useCallback(() => {
    gone.current = true;
    // The dashboard shows the message, with its Undo, after the move.
    keepToastForNextPage();
    window.location.assign('/admin');
  }, []);

  return {
    id,
    draft,
    setDraft,
    saved,
    setSaved,
    dirty,
    loaded: loaded.data,
    loading: options.initialId !== undefined && loaded.isPending,
    loadError: loaded.isError ? loaded.error : undefined,
    saving: mutation.isPending,
    problem,
    setProblem,
    save,
    saveNow,
    leaveForDashboard,
  };
}
