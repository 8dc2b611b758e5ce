import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { StaleVersionDetails } from '@forkcast/shared/contracts';
import { messageOf, staleVersionOf } from '../../shared/api';
import { toast } from '../../shared/toast-store';
import { changedHeadline } from '../conflict/ConflictView';
import { fieldDiffs, type Fields } from '../conflict/field-diffs';
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

/** A save that ran into someone else's change: what the editor had, and what the server said of theirs. */
interface Conflict<Extra> {
  stale: StaleVersionDetails;
  /** The editor's change against the version they started from, field by field. */
  mine: ReturnType<typeof fieldDiffs>;
  /** What the refused save sent besides the form, sent again if the editor applies their edit on top. */
  extra: Extra;
}

/**
 * How one editor page edits its entity. `Loaded` is what the editor reads (it may carry more than
 * the save answers with); `Extra` is what a save may send besides the form (a status change).
 */
export interface EntityEditorOptions<Draft, Loaded extends Answer, Answer extends { id: number; version: number }, Extra> {
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
  /**
   * Writes the form: creates the entity when `id` is undefined, else changes it, sending `version`
   * (the version the form was made from) so a save made to an earlier version is refused.
   */
  send: (
    id: number | undefined,
    draft: Draft,
    saved: Draft | undefined,
    extra: Extra,
    version: number | undefined,
  ) => Promise<SaveAnswer<Answer>>;
  /** Reads the entity as it is now (after a save ran into someone else's change). */
  fetchCurrent: (id: number) => Promise<Loaded>;
  /** What the editor calls the entity in the conflict's headline: 'post', 'city'. */
  noun: string;
  /** Where leaving the editor goes: the list of its section; /admin when left out. */
  listUrl?: string;
  /** The form's fields as text under the history's labels, for the editor's side of a conflict. */
  fieldsOf: (draft: Draft) => Fields;
  /** The editor's own edit (`mine`, made from `base`) laid over the entity as it is now (`theirs`). */
  reapply: (base: Draft, mine: Draft, theirs: Draft) => Draft;
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
  /** Goes to the entity's list (listUrl) without asking, keeping the current message for it: the entity is gone. */
  leaveForDashboard: () => void;
  /** The version the form was made from: what the next save sends as If-Match. */
  version: number | undefined;
  /** Set while a save that ran into someone else's change waits for the editor's choice. */
  conflict: Conflict<Extra> | undefined;
  /** Drops the editor's change and shows the entity as it is now. */
  takeTheirs: () => void;
  /** Makes the editor's change again on top of the entity as it is now, and saves it. */
  applyMineOnTop: () => void;
  /** True while the entity is read again to settle a conflict. */
  resolving: boolean;
}

/**
 * The editing cycle the post and city editors share: reads the entity into a form, tracks what is
 * not saved yet, saves it (creating it first when new) without losing typing done meanwhile,
 * confirms each save with its publish report and Undo, shows why a save failed, saves on
 * Cmd/Ctrl+S and asks before the page is left with unsaved changes. Every save sends the version
 * the form was made from; one that ran into someone else's change waits for the editor to take
 * theirs or apply their own edit on top.
 */
export function useEntityEditor<Draft, Loaded extends Answer, Answer extends { id: number; version: number }, Extra>(
  options: EntityEditorOptions<Draft, Loaded, Answer, Extra>,
): EntityEditor<Draft, Loaded, Extra> {
  const queryClient = useQueryClient();
  const [id, setId] = useState(options.initialId);
  const [draft, setDraft] = useState<Draft>(options.blank);
  const [saved, setSaved] = useState<Draft | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [conflict, setConflict] = useState<Conflict<Extra> | undefined>(undefined);
  const [resolving, setResolving] = useState(false);
  // The last read of the query the form was filled from; a read to settle a conflict is not one.
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
    setVersion(entity.version);
  }, [loaded.data, saved, refill, onLoaded, draftOf]);

  const dirty = options.isDirty(draft, saved);

  const mutation = useMutation({
    mutationFn: async ({ form, extra, base, made }: { form: Draft; extra: Extra; base: Draft | undefined; made: number | undefined }) => {
      return { ...(await options.send(id, form, base, extra, made)), form, extra };
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
      setVersion(answer.version);
      setSaved(settled);
      setDraft((current) => options.settle(current, form, settled));
      announceWrite(response, options.savedTitle(extra, id === undefined));
      for (const queryKey of options.invalidates) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error, { form, extra, base }) => {
      const stale = staleVersionOf(error);
      if (stale && base) {
        setConflict({ stale, mine: fieldDiffs(options.fieldsOf(base), options.fieldsOf(form)), extra });
        toast({ title: 'Not saved', description: `${changedHeadline(stale, options.noun)}.`, variant: 'destructive' });
        return;
      }
      const message = messageOf(error, options.notSaved);
      const placed = options.placeRefusal?.(error, message);
      if (placed === 'reported') return;
      if (placed !== 'field') setProblem(message);
      toast({ title: 'Not saved', description: message, variant: 'destructive' });
    },
  });

  const { mutate } = mutation;
  // While a conflict waits for the editor's choice, a save would only run into it again.
  const save = useCallback(
    (extra: Extra) => {
      if (!conflict) mutate({ form: draft, extra, base: saved, made: version });
    },
    [mutate, draft, saved, version, conflict],
  );
  const { onSaveRequest } = options;
  const saveNow = useCallback(() => {
    const extra = onSaveRequest({ draft, saved, dirty, saving: mutation.isPending, setProblem });
    if (extra !== undefined) save(extra);
  }, [onSaveRequest, draft, saved, dirty, mutation.isPending, save]);

  const { fetchCurrent, reapply } = options;
  /** Reads the entity as it is now and shows it as saved; answers it as the form shows it. */
  const adoptCurrent = useCallback(async (): Promise<{ theirs: Draft; current: Loaded } | undefined> => {
    if (id === undefined) return undefined;
    setResolving(true);
    try {
      const current = await fetchCurrent(id);
      onLoaded?.(current);
      const theirs = draftOf(current);
      setSaved(theirs);
      setVersion(current.version);
      setConflict(undefined);
      return { theirs, current };
    } catch (error) {
      toast({ title: 'Could not read it again', description: messageOf(error, 'Please try again.'), variant: 'destructive' });
      return undefined;
    } finally {
      setResolving(false);
    }
  }, [id, fetchCurrent, onLoaded, draftOf]);

  const takeTheirs = useCallback(() => {
    void adoptCurrent().then((read) => {
      if (read) setDraft(read.theirs);
    });
  }, [adoptCurrent]);

  const applyMineOnTop = useCallback(() => {
    if (!conflict || saved === undefined) return;
    const base = saved;
    const mine = draft;
    void adoptCurrent().then((read) => {
      if (!read) return;
      const onTop = reapply(base, mine, read.theirs);
      setDraft(onTop);
      mutate({ form: onTop, extra: conflict.extra, base: read.theirs, made: read.current.version });
    });
  }, [conflict, saved, draft, adoptCurrent, reapply, mutate]);

  const mayLeave = useCallback(() => !dirty || gone.current, [dirty]);
  useEditorKeys({ onSave: saveNow, mayLeave });

  const leaveForDashboard = useCallback(() => {
    gone.current = true;
    // The dashboard shows the message, with its Undo, after the move.
    keepToastForNextPage();
    window.location.assign(options.listUrl ?? '/admin');
  }, [options.listUrl]);

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
    version,
    conflict,
    takeTheirs,
    applyMineOnTop,
    resolving,
  };
}
