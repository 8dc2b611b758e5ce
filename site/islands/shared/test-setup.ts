import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from './query-client';
import { useAuth } from './auth-store';
import { unmountToaster } from './Toaster';
import { useToasts } from './toast-store';

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
