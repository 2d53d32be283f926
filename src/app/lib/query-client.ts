import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-error';

/** A 4xx will not change by asking again; network failures and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 429) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: {
        // Writes are never repeated behind the user's back.
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
