import { describe, expect, it, vi } from 'vitest';
import { apiRequest, getJson, messageOf, RequestError, staleVersionOf } from './api';

const respond = (status: number, body: string, init: ResponseInit = {}) => vi.fn(async () => new Response(body, { status, ...init }));

describe('the request helper', () => {
  it('sends cookies and JSON, and returns the response', async () => {
    const fetchMock = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    const response = await apiRequest('POST', '/api/contact', { name: 'A' });
    expect(await response.json()).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/contact', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"A"}',
    });
  });

  it('sends FormData as is, letting the browser set the multipart boundary', async () => {
    const fetchMock = respond(201, '{}');
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    await apiRequest('POST', '/api/upload', form);
    expect(fetchMock).toHaveBeenCalledWith('/api/upload', { method: 'POST', credentials: 'include', headers: {}, body: form });
  });

  it('sends the version a write was made to as If-Match', async () => {
    const fetchMock = respond(200, '{}');
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('PATCH', '/api/posts/9', { title: 'A' }, { version: 42 });
    expect(fetchMock).toHaveBeenCalledWith('/api/posts/9', {
      method: 'PATCH',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'If-Match': '"42"' },
      body: '{"title":"A"}',
    });
  });

  it('reads a refusal of a stale write, and nothing else, as one', async () => {
    const stale = {
      message: 'Changed.',
      code: 'stale_version',
      currentVersion: 7,
      changedBy: 'ana@forkcast.test',
      changedAt: 'T',
      changes: [],
    };
    vi.stubGlobal('fetch', respond(412, JSON.stringify(stale)));
    const error = await apiRequest('PATCH', '/x', {}, { version: 3 }).catch((e: unknown) => e);
    expect(staleVersionOf(error)).toEqual({ currentVersion: 7, changedBy: 'ana@forkcast.test', changedAt: 'T', changes: [] });
    vi.stubGlobal('fetch', respond(409, '{"message":"Taken.","code":"conflict"}'));
    expect(staleVersionOf(await apiRequest('PATCH', '/x').catch((e: unknown) => e))).toBeUndefined();
  });

  it("turns a non-OK answer into 'status: body', or the status text when the body is empty", async () => {
    vi.stubGlobal('fetch', respond(400, '{"message":"Nope","code":"validation"}'));
    const error = await apiRequest('GET', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).message).toBe('400: {"message":"Nope","code":"validation"}');
    expect((error as RequestError).serverMessage).toBe('Nope');
    expect(messageOf(error, 'Fallback')).toBe('Nope');
    vi.stubGlobal('fetch', respond(503, '', { statusText: 'Service Unavailable' }));
    expect(((await apiRequest('GET', '/x').catch((e: unknown) => e)) as Error).message).toBe('503: Service Unavailable');
    expect(messageOf(new Error('network'), 'Fallback')).toBe('Fallback');
  });

  it('gives null for a 401 on lookups unless asked to throw', async () => {
    vi.stubGlobal('fetch', respond(401, '{"message":"Not signed in."}'));
    expect(await getJson('/api/auth/user')).toBeNull();
    await expect(getJson('/api/auth/user', { on401: 'throw' })).rejects.toThrow('401: ');
  });
});
