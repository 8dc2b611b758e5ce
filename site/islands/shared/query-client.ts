import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api';

// The query key's first element is the API URL: ['/api/newsletter/subscribers'].
const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(String(queryKey[0]));

/** SPEC §4/§9: data never goes stale on its own, no refetch on focus, no polling; queries retry once, mutations never. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: defaultQueryFn, staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: 1 },
      mutations: { retry: false },
    },
  });
}

/** One query client per page, shared by every island on it (islands share this module). */
export const queryClient = createQueryClient();
