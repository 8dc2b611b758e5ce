import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson, RequestError } from './api';

// The query key's first element is the API URL: ['/api/newsletter/subscribers'].
const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(String(queryKey[0]));

/**
 * Queries retry once, whatever went wrong, except a 401: a lookup that treats 401 as 'not signed
 * in' never fails on it, and one that throws it means the session is gone, which asking again
 * cannot fix.
 */
function retryOnceUnlessSignedOut(failureCount: number, error: Error): boolean {
  if (error instanceof RequestError && error.status === 401) return false;
  return failureCount < 1;
}

/** Data never goes stale on its own, no refetch on focus, no polling; queries retry once, mutations never. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: retryOnceUnlessSignedOut,
      },
      mutations: { retry: false },
    },
  });
}

/** One query client per page, shared by every island on it (islands share this module). */
export const queryClient = createQueryClient();
