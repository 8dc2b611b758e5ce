import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../test-api';
import { PRESENCE_BEAT_MS, presenceLine, usePresence } from './use-presence';

const ANA = { name: 'ana@forkcast.test', since: '2026-11-02T09:00:00.000Z' };
const BEN = { name: 'ben@forkcast.test', since: '2026-11-02T09:05:00.000Z' };

afterEach(() => {
  vi.useRealTimers();
});

describe('presence', () => {
  it('names the others in one line, and says nothing when nobody else is there', () => {
    expect(presenceLine([])).toBeUndefined();
    expect(presenceLine([ANA])).toBe('ana@forkcast.test is also editing this post.');
    expect(presenceLine([ANA, BEN])).toBe('ana@forkcast.test and ben@forkcast.test are also editing this post.');
  });

  it('beats while the post is open, takes in who arrives, and says goodbye when closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let others = [ANA];
    const calls = stubApi({ 'POST /api/posts/9/presence': () => json(200, { others }) });
    const { result, unmount } = renderHook(() => usePresence(9));
    await waitFor(() => expect(result.current).toEqual([ANA]));
    others = [ANA, BEN];
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_BEAT_MS));
    await waitFor(() => expect(result.current).toEqual([ANA, BEN]));
    unmount();
    expect(calls.map((call) => call.method)).toEqual(['POST', 'POST', 'DELETE']);
  });

  it('does nothing for a post not saved yet', () => {
    const calls = stubApi({});
    renderHook(() => usePresence(undefined));
    expect(calls).toEqual([]);
  });
});
