import { useEffect } from 'react';
import { create } from 'zustand';
import type { CurrentUser } from '@forkcast/shared/contracts';
import { getJson } from './api';

/** The auth state is cached for 5 minutes. */
const AUTH_CACHE_MS = 300_000;

interface AuthState {
  user: CurrentUser | null;
  checkedAt: number | null;
  /** The signed-in user or null; asks the server at most once per AUTH_CACHE_MS, never retries. */
  load: (now?: number) => Promise<CurrentUser | null>;
}

let inFlight: Promise<CurrentUser | null> | undefined;

export const useAuth = create<AuthState>((set, get) => ({
  user: null,
  checkedAt: null,
  async load(now = Date.now()) {
    const { checkedAt, user } = get();
    if (checkedAt !== null && now - checkedAt < AUTH_CACHE_MS) return user;
    inFlight ??= getJson<CurrentUser>('/api/auth/user')
      .catch(() => null)
      .then((result) => {
        set({ user: result, checkedAt: now });
        return result;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  },
}));

/**
 * The signed-in user (null until known, or when nobody is): what the islands show controls by. The
 * role only hides what the server would refuse anyway; it never decides anything.
 */
export function useSignedInUser(): CurrentUser | null {
  const user = useAuth((state) => state.user);
  useEffect(() => {
    void useAuth.getState().load();
  }, []);
  return user;
}
