import { QueryClient } from '@tanstack/react-query';

/** The spec's caching: fresh for 60 s, refreshed every 60 s, one retry, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchInterval: 60_000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
