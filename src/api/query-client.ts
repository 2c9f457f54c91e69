import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** How long a read stays fresh before a screen refetches it in the background. */
export const DEFAULT_STALE_TIME_MS = 30_000;
/**
 * How long an unused read stays in memory (and so in the persisted cache): a day, so what the
 * user recently saw can be read offline.
 */
export const DEFAULT_GC_TIME_MS = 24 * 60 * 60 * 1000;

/** A 4xx other than 408/429 will answer the same on a retry. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 0) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * The one QueryClient of the app: server state lives here (jotai keeps only client state).
 * `offlineFirst` lets a cached read show while the network is gone instead of pausing.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        gcTime: DEFAULT_GC_TIME_MS,
        networkMode: 'offlineFirst',
        retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
      },
      mutations: { networkMode: 'offlineFirst', retry: false },
    },
  });
}

export const queryClient = createQueryClient();
