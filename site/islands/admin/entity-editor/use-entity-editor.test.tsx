import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiRequest } from '../../shared/api';
import { IslandRoot } from '../../shared/IslandRoot';
import { useToasts } from '../../shared/toast-store';
import { mockLocationAssign } from '../Dashboard.test-utils';
import { currentToast, json, PUBLISHED, stubApi, writes } from '../test-api';
import { useEntityEditor, type EntityEditorOptions } from './use-entity-editor';

/** A small entity to edit: a named thing, which the API stores with its name trimmed. */
interface Thing {
  id: number;
  name: string;
  version: number;
}
interface ThingDraft {
  name: string;
}

const stored = (id: number, body: unknown) => json(200, { id, name: (body as ThingDraft).name.trim(), version: 1 }, PUBLISHED);
const readThing = async (id: number) => (await (await apiRequest('GET', `/api/things/${id}`)).json()) as Thing;

function options(overrides: Partial<EntityEditorOptions<ThingDraft, Thing, Thing, Record<string, never>>> = {}) {
  return {
    initialId: 5 as number | undefined,
    blank: () => ({ name: '' }),
    load: (id: number | undefined) => ({
      queryKey: ['/api/things', id],
      enabled: id !== undefined,
      queryFn: () => readThing(id!),
    }),
    fetchCurrent: readThing,
    noun: 'thing',
    fieldsOf: (draft: ThingDraft) => [['Name', draft.name]] as const,
    reapply: (_base: ThingDraft, mine: ThingDraft) => mine,
    refill: 'first' as const,
    draftOf: (thing: Thing) => ({ name: thing.name }),
    isDirty: (draft: ThingDraft, saved: ThingDraft | undefined) => draft.name !== (saved?.name ?? ''),
    send: async (
      id: number | undefined,
      draft: ThingDraft,
      _saved: ThingDraft | undefined,
      _extra: unknown,
      version: number | undefined,
    ) => {
      const response =
        id === undefined
          ? await apiRequest('POST', '/api/things', draft)
          : await apiRequest('PATCH', `/api/things/${id}`, draft, { version });
      return { response, answer: (await response.clone().json()) as Thing };
    },
    settle: (current: ThingDraft, sent: ThingDraft, settled: ThingDraft) => (current === sent ? settled : current),
    urlOf: (id: number) => `/admin/things?id=${id}`,
    savedTitle: (_extra: Record<string, never>, created: boolean) => (created ? 'Thing created' : 'Thing saved'),
    invalidates: [['/api/things']],
    problemClears: 'when-saved' as const,
    notSaved: 'The thing could not be saved. Please try again.',
    onSaveRequest: ({ saving }: { saving: boolean }) => (saving ? undefined : {}),
    ...overrides,
  };
}

const wrapper = ({ children }: { children: ReactNode }) => <IslandRoot>{children}</IslandRoot>;
const edit = (overrides: Parameters<typeof options>[0] = {}) => renderHook(() => useEntityEditor(options(overrides)), { wrapper });

/** Whether leaving the page now would ask first. */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** A response held back until the test lets it go. */
function heldBack() {
  let release: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { response, release: (answer: Response) => release(answer) };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/admin/things?id=5');
});

describe('useEntityEditor', () => {
  describe('dirty state', () => {
    it('loads the entity into the form clean, turns dirty with an edit, and asks before leaving only then', async () => {
      stubApi({ 'GET /api/things/5': () => json(200, { id: 5, name: 'Porto' }) });
      const { result } = edit();
      expect(result.current.loading).toBe(true);
      await waitFor(() => expect(result.current.draft).toEqual({ name: 'Porto' }));
      expect(result.current.loading).toBe(false);
      expect(result.current.saved).toEqual({ name: 'Porto' });
      expect(result.current.dirty).toBe(false);
      expect(leavingAsks()).toBe(false);
      act(() => result.current.setDraft({ name: 'Porto!' }));
      expect(result.current.dirty).toBe(true);
      expect(leavingAsks()).toBe(true);
      act(() => result.current.setDraft({ name: 'Porto' }));
      expect(result.current.dirty).toBe(false);
      expect(leavingAsks()).toBe(false);
    });

    it('is clean once saved, and lets the page go after the entity is deleted even with edits', async () => {
      const calls = stubApi({
        'GET /api/things/5': () => json(200, { id: 5, name: 'Porto' }),
        'PATCH /api/things/5': ({ body }) => stored(5, body),
      });
      const { result } = edit();
      await waitFor(() => expect(result.current.saved).toEqual({ name: 'Porto' }));
      act(() => result.current.setDraft({ name: 'Oporto' }));
      act(() => result.current.saveNow());
      await waitFor(() => expect(result.current.dirty).toBe(false));
      expect(writes(calls)).toEqual([{ method: 'PATCH', url: '/api/things/5', body: { name: 'Oporto' } }]);
      expect(currentToast()).toEqual({ title: 'Thing saved', description: 'Published in 42 ms' });

      const assign = mockLocationAssign();
      act(() => result.current.setDraft({ name: 'Porto again' }));
      expect(leavingAsks()).toBe(true);
      act(() => result.current.leaveForDashboard());
      expect(assign).toHaveBeenCalledWith('/admin');
      expect(leavingAsks()).toBe(false);
    });

    it('sends nothing while the editor refuses the request', async () => {
      const calls = stubApi({ 'GET /api/things/5': () => json(200, { id: 5, name: 'Porto' }) });
      const { result } = edit({
        onSaveRequest: ({ draft, setProblem }) => {
          if (draft.name.trim() !== '') return {};
          setProblem('Name is required.');
          return undefined;
        },
      });
      await waitFor(() => expect(result.current.saved).toEqual({ name: 'Porto' }));
      act(() => result.current.setDraft({ name: ' ' }));
      act(() => result.current.saveNow());
      expect(result.current.problem).toBe('Name is required.');
      expect(writes(calls)).toEqual([]);
    });
  });

  describe('reading the entity', () => {
    it.each(['first', 'every'] as const)("with refill '%s', fills the form from the reads it names", async (refill) => {
      let name = 'Porto';
      const reads: string[] = [];
      stubApi({
        'GET /api/things/5': () => json(200, { id: 5, name }),
        'PATCH /api/things/5': ({ body }) => {
          name = `${(body as ThingDraft).name} (as stored)`;
          return json(200, { id: 5, name: (body as ThingDraft).name }, PUBLISHED);
        },
      });
      const { result } = edit({ refill, onLoaded: (thing) => reads.push(thing.name), settle: (current) => current });
      await waitFor(() => expect(result.current.saved).toEqual({ name: 'Porto' }));
      act(() => result.current.setDraft({ name: 'Oporto' }));
      act(() => result.current.saveNow());
      // The save makes the read stale, and it is read again.
      await waitFor(() => expect(result.current.loaded?.name).toBe('Oporto (as stored)'));
      expect(result.current.draft).toEqual({ name: refill === 'every' ? 'Oporto (as stored)' : 'Oporto' });
      expect(reads).toEqual(refill === 'every' ? ['Porto', 'Oporto (as stored)'] : ['Porto']);
    });
  });

  describe('creating', () => {
    it('takes the new id and puts it in the address', async () => {
      window.history.replaceState(null, '', '/admin/things');
      const calls = stubApi({ 'POST /api/things': ({ body }) => stored(12, body) });
      const { result } = edit({ initialId: undefined });
      expect(result.current.loading).toBe(false);
      expect(result.current.id).toBeUndefined();
      act(() => result.current.setDraft({ name: 'Braga' }));
      act(() => result.current.saveNow());
      await waitFor(() => expect(result.current.id).toBe(12));
      expect(window.location.search).toBe('?id=12');
      expect(writes(calls)).toEqual([{ method: 'POST', url: '/api/things', body: { name: 'Braga' } }]);
      expect(currentToast()?.title).toBe('Thing created');
    });
  });

  describe('the answer against what was typed meanwhile', () => {
    it('shows what the server kept when nothing was typed during the save', async () => {
      stubApi({
        'GET /api/things/5': () => json(200, { id: 5, name: 'Porto' }),
        'PATCH /api/things/5': ({ body }) => stored(5, body),
      });
      const { result } = edit();
      await waitFor(() => expect(result.current.saved).toEqual({ name: 'Porto' }));
      act(() => result.current.setDraft({ name: '  Oporto  ' }));
      act(() => result.current.saveNow());
      await waitFor(() => expect(result.current.draft).toEqual({ name: 'Oporto' }));
      expect(result.current.saved).toEqual({ name: 'Oporto' });
      expect(result.current.dirty).toBe(false);
    });

    it('keeps what was typed while the save was on its way, still unsaved', async () => {
      const patch = heldBack();
      stubApi({
        'GET /api/things/5': () => json(200, { id: 5, name: 'Porto' }),
        'PATCH /api/things/5': () => patch.response,
      });
      const { result } = edit();
      await waitFor(() => expect(result.current.saved).toEqual({ name: 'Porto' }));
      act(() => result.current.setDraft({ name: 'Oporto' }));
      act(() => result.current.saveNow());
      await waitFor(() => expect(result.current.saving).toBe(true));
      act(() => result.current.setDraft({ name: 'Oporto, the city' }));
      await act(async () => patch.release(stored(5, { name: 'Oporto' })));
      await waitFor(() => expect(result.current.saving).toBe(false));
      expect(result.current.saved).toEqual({ name: 'Oporto' });
      expect(result.current.draft).toEqual({ name: 'Oporto, the city' });
      expect(result.current.dirty).toBe(true);
    });
  });

  describe('a refused or failed save', () => {
    it("shows a conflict's message above the form and in a toast, and keeps the form as typed", async () => {
      stubApi({
        'GET /api/things/5': () => json(200, { id: 5, name: 'Porto' }),
        'PATCH /api/things/5': () => json(409, { message: 'Another thing already uses that name.', code: 'conflict' }),
      });
      const { result } = edit();
      await waitFor(() => expect(result.current.saved).toEqual({ name: 'Porto' }));
      act(() => result.current.setDraft({ name: 'Lisbon' }));
      act(() => result.current.saveNow());
      await waitFor(() => expect(result.current.problem).toBe('Another thing already uses that name.'));
      expect(currentToast()).toEqual({ title: 'Not saved', description: 'Another thing already uses that name.' });
      expect(result.current.draft).toEqual({ name: 'Lisbon' });
      expect(result.current.saved).toEqual({ name: 'Porto' });
      expect(result.current.dirty).toBe(true);
      expect(leavingAsks()).toBe(true);
    });

    it("uses the editor's own words when the server says nothing, and clears them once a save succeeds", async () => {
      let answer = () => new Response('', { status: 502 });
      stubApi({
        'GET /api/things/5': () => json(200, { id: 5, name: 'Porto' }),
        'PATCH /api/things/5': () => answer(),
      });
      const { result } = edit();
      await waitFor(() => expect(result.current.saved).toEqual({ name: 'Porto' }));
      act(() => result.current.setDraft({ name: 'Lisbon' }));
      act(() => result.current.saveNow());
      await waitFor(() => expect(result.current.problem).toBe('The thing could not be saved. Please try again.'));
      expect(currentToast()).toEqual({ title: 'Not saved', description: 'The thing could not be saved. Please try again.' });

      answer = () => stored(5, { name: 'Lisbon' });
      act(() => result.current.saveNow());
      await waitFor(() => expect(result.current.problem).toBeUndefined());
      expect(result.current.saved).toEqual({ name: 'Lisbon' });
    });

    it('leaves a refusal the editor placed at a field out of the problem, and one it reported itself out of both', async () => {
      let placed: 'field' | 'reported' = 'field';
      const calls = stubApi({
        'GET /api/things/5': () => json(200, { id: 5, name: 'Porto' }),
        'PATCH /api/things/5': () => json(409, { message: 'Another thing already uses that name.', code: 'conflict', field: 'name' }),
      });
      const { result } = edit({ placeRefusal: () => placed });
      await waitFor(() => expect(result.current.saved).toEqual({ name: 'Porto' }));
      act(() => result.current.setDraft({ name: 'Lisbon' }));
      act(() => result.current.saveNow());
      await waitFor(() => expect(currentToast()?.title).toBe('Not saved'));
      expect(result.current.problem).toBeUndefined();

      placed = 'reported';
      useToasts.setState({ toasts: [] });
      act(() => result.current.saveNow());
      await waitFor(() => expect(writes(calls)).toHaveLength(2));
      await waitFor(() => expect(result.current.saving).toBe(false));
      expect(result.current.problem).toBeUndefined();
      expect(currentToast()).toBeUndefined();
    });
  });
});
