import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { queryClient } from './query-client';
import { ensureToaster } from './Toaster';

/** Wraps an island: the page's shared query client, and the page's one Toaster. */
export function IslandRoot({ children }: { children: ReactNode }) {
  useEffect(() => ensureToaster(), []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
