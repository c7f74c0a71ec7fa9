import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-fetch.ts';

/** TanStack Query is the portal's one server-state layer; every feature's api/ goes through it. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change by asking again; network blips might.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}
