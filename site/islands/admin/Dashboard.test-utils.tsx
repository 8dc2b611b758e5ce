import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { IslandRoot } from '../shared/IslandRoot';
import { useToasts, type Toast } from '../shared/toast-store';

/** Shared by the dashboard's component tests: a fetch router, a location spy and small helpers. */

export interface FetchCall {
  method: string;
  url: string;
  body: BodyInit | null | undefined;
}

type Answer = Response | Promise<Response> | ((call: FetchCall) => Response | Promise<Response>);

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const noContent = () => new Response(null, { status: 204 });

/**
 * Stubs fetch with answers keyed 'METHOD /path'. A list of answers is used in order, the last one
 * repeating; an unknown request answers 404 so a test fails loudly instead of hanging.
 */
export function mockFetch(routes: Record<string, Answer | Answer[]>) {
  const used = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: FetchCall = { method: init.method ?? 'GET', url: String(input), body: init.body };
    const key = `${call.method} ${call.url}`;
    const route = routes[key];
    if (route === undefined) return json(404, { message: `No mock for ${key}` });
    const answers = Array.isArray(route) ? route : [route];
    const index = used.get(key) ?? 0;
    used.set(key, index + 1);
    const answer = answers[Math.min(index, answers.length - 1)]!;
    // A Response body can be read once, so a repeating answer is cloned.
    return typeof answer === 'function' ? answer(call) : (await answer).clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests a fetch mock received for one 'METHOD /path'. */
export function callsTo(fetchMock: ReturnType<typeof mockFetch>, key: string): FetchCall[] {
  return fetchMock.mock.calls
    .map(([input, init = {}]) => ({ method: init.method ?? 'GET', url: String(input), body: init.body }))
    .filter((call) => `${call.method} ${call.url}` === key);
}

/** A promise the test settles itself, to hold a request pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Replaces window.location with a copy whose assign() is a spy; undone by the shared test setup. */
export function mockLocationAssign() {
  const assign = vi.fn<(url: string | URL) => void>();
  vi.stubGlobal('location', { ...window.location, href: window.location.href, assign });
  return assign;
}

export function renderInRoot(ui: ReactElement) {
  return render(<IslandRoot>{ui}</IslandRoot>);
}

/** The toast currently shown (at most one at a time). */
export const currentToast = (): Toast | undefined => useToasts.getState().toasts[0];

/**
 * Waits for `check` to pass while fake timers hold the clock still: real I/O and zero-delay timers
 * (React Query's notifications) run, but time never moves, so a later delay can be measured exactly.
 */
export async function untilStillClock<T>(check: () => T, attempts = 500): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    await act(async () => {
      vi.advanceTimersByTime(0);
    });
    try {
      return check();
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
