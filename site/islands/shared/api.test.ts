import { describe, expect, it, vi } from 'vitest';
import { apiRequest, getJson, messageOf, RequestError } from './api';

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
