import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { formatPublishReport, PUBLISH_HEADER, type CurrentUser, type Role } from '@forkcast/shared/contracts';
import { useAuth } from '../shared/auth-store';
import { IslandRoot } from '../shared/IslandRoot';
import { useToasts } from '../shared/toast-store';

/** One request the code under test made, its JSON body parsed (FormData kept as is). */
export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
  /** The version a write was made to (its If-Match), if it named one. */
  ifMatch?: string;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

/** The publish report header the API adds to every write. */
export const PUBLISHED = { [PUBLISH_HEADER]: formatPublishReport({ pages: 3, ms: 42 }) };

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const noContent = (headers: Record<string, string> = {}) => new Response(null, { status: 204, headers });

/** A signed-in user of `role` (the owner, user 1, unless told otherwise), as GET /api/auth/user answers. */
export function userOf(role: Role = 'owner', id = 1): CurrentUser {
  return {
    id,
    name: role === 'owner' ? 'Editor' : `A ${role}`,
    email: 'editor@forkcast.test',
    role,
    slug: role === 'owner' ? 'editor' : role,
  };
}

/** Signs the islands in as `userOf(role, id)`, as if the auth lookup had answered it. */
export function signInAs(role: Role = 'owner', id = 1): void {
  useAuth.setState({ user: userOf(role, id), checkedAt: Date.now() });
}

/** An editor's presence heartbeat, unless a test answers it: nobody else has the post open. */
const PRESENCE: Record<string, (url: string) => Handler | undefined> = {
  POST: (url) => (url.endsWith('/presence') ? () => json(200, { others: [] }) : undefined),
  DELETE: (url) => (url.endsWith('/presence') ? () => noContent() : undefined),
};

/**
 * Replaces fetch, the islands' one way out, with a tiny API keyed by 'METHOD /path'. Anything
 * unexpected answers 404 like the real API, so a wrong URL shows up as a failed call.
 */
export function stubApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const ifMatch = new Headers(init.headers).get('If-Match');
      const call: ApiCall = {
        method: (init.method ?? 'GET').toUpperCase(),
        url: String(input),
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
        ...(ifMatch === null ? {} : { ifMatch }),
      };
      calls.push(call);
      const handler = handlers[`${call.method} ${call.url}`] ?? PRESENCE[call.method]?.(call.url);
      return handler ? handler(call) : json(404, { message: 'Not found.', code: 'not_found' });
    }),
  );
  return calls;
}

/** The calls other than reads (and presence heartbeats, which store nothing), in order. */
export const writes = (calls: readonly ApiCall[]) => calls.filter((call) => call.method !== 'GET' && !call.url.endsWith('/presence'));

/** The toast on screen (one at a time), by what the reader sees. */
export function currentToast(): { title: string; description?: string } | undefined {
  const toast = useToasts.getState().toasts[0];
  return toast && (toast.description === undefined ? { title: toast.title } : { title: toast.title, description: toast.description });
}

/** Renders an island the way boot mounts it: in the page's IslandRoot. */
export const renderIsland = (node: ReactNode) => render(<IslandRoot>{node}</IslandRoot>);

export const imageFile = (name = 'dish.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
export const textFile = (name = 'notes.txt') => new File(['hello'], name, { type: 'text/plain' });

// Plain DOM reads instead of jest-dom matchers, which this project does not install.
export const fieldValue = (element: HTMLElement) => (element as HTMLInputElement | HTMLTextAreaElement).value;
export const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement | HTMLInputElement).disabled;
