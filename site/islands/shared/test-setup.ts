import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from './query-client';
import { useAuth } from './auth-store';
import { unmountToaster } from './Toaster';
import { useToasts } from './toast-store';

// A failed query waits a second before its one retry in the product; the tests count retries, and
// wait for none of those seconds.
const defaults = queryClient.getDefaultOptions();
queryClient.setDefaultOptions({ queries: { ...defaults.queries, retryDelay: 0 }, mutations: { ...defaults.mutations, retryDelay: 0 } });

// Each component test starts from a blank page: no mounted trees, no cached queries, no toasts,
// no remembered user, and no fetch mock left over.
afterEach(() => {
  cleanup();
  unmountToaster();
  queryClient.clear();
  useToasts.setState({ toasts: [] });
  useAuth.setState({ user: null, checkedAt: null });
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
