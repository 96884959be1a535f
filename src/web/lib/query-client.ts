import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MINUTE = 60_000;

/**
 * Cache lifetimes by data class (spec 001, section 9). Queries pick one with
 * `...CACHE.static` and so on; the default applies otherwise.
 */
export const CACHE = {
  default: { staleTime: 5 * MINUTE, gcTime: 15 * MINUTE },
  static: { staleTime: 30 * MINUTE, gcTime: 60 * MINUTE },
  semiStatic: { staleTime: 10 * MINUTE, gcTime: 30 * MINUTE },
  realtime: { staleTime: 1 * MINUTE, gcTime: 5 * MINUTE, refetchInterval: 5 * MINUTE },
  instant: { staleTime: 30_000, gcTime: 2 * MINUTE },
} as const;

const noRetryOnClientError = (maxRetries: number) => (failureCount: number, error: unknown) => {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < maxRetries;
};

/** Backoff doubling from 1 s, capped. */
export const backoff = (capMs: number) => (attempt: number) =>
  Math.min(1_000 * 2 ** attempt, capMs);

/**
 * Mutations do not retry by default: a change the server made before the connection dropped
 * would be made again, and its second answer is a false error (EMAIL_TAKEN after a registration,
 * RECOVERY_LINK_USED after a reset, INVALID_CODE for a code already accepted). A mutation that is
 * idempotent (setting a value) opts in with `...IDEMPOTENT_RETRY`: up to 2 retries (spec), never
 * on a 4xx answer.
 */
export const IDEMPOTENT_RETRY = {
  retry: noRetryOnClientError(2),
  retryDelay: backoff(10_000),
} as const;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        ...CACHE.default,
        retry: noRetryOnClientError(3),
        retryDelay: backoff(30_000),
        refetchOnWindowFocus: true,
      },
      // A write runs at once or fails: offline, it is refused with a reason (api-client.ts),
      // never paused in a queue that could replay a trade later or lose it.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
