// The spec's query cache settings (spec 001 "Query cache"; spec 002 feature flags), pinned: a
// change to a lifetime, a retry count or the backoff must be a deliberate one. The portfolio
// list's lifetime is pinned beside its query (features/portfolios/api/queries.test.tsx).
import { QueryClientProvider, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/web/test/mock-api';
import { ApiError } from './api-client';
import { flagKeys, useFeatureFlags } from './feature-flags';
import { backoff, CACHE, createQueryClient, IDEMPOTENT_RETRY } from './query-client';

afterEach(() => vi.restoreAllMocks());

const MINUTE = 60_000;
const serverDown = () => new ApiError(503, 'SERVICE_UNAVAILABLE', 'down');

/** The app's client with no waiting between retries (the delays are checked separately). */
function instantRetryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retryDelay: 0 },
  });
  return client;
}

function wrapperFor(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('the five cache classes', () => {
  it('keep data as the spec table says', () => {
    expect(CACHE).toEqual({
      default: { staleTime: 5 * MINUTE, gcTime: 15 * MINUTE },
      static: { staleTime: 30 * MINUTE, gcTime: 60 * MINUTE },
      semiStatic: { staleTime: 10 * MINUTE, gcTime: 30 * MINUTE },
      realtime: { staleTime: 1 * MINUTE, gcTime: 5 * MINUTE, refetchInterval: 5 * MINUTE },
      instant: { staleTime: 30_000, gcTime: 2 * MINUTE },
    });
  });

  it('default applies to a query that names none', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(5 * MINUTE);
    expect(queries?.gcTime).toBe(15 * MINUTE);
    expect(queries?.refetchOnWindowFocus).toBe(true);
  });
});

describe('retries', () => {
  it('a query is tried 4 times in all (3 retries) when the server fails', async () => {
    const client = instantRetryClient();
    const queryFn = vi.fn(() => Promise.reject(serverDown()));
    const observer = new QueryObserver(client, { queryKey: ['failing'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    unsubscribe();
    expect(queryFn).toHaveBeenCalledTimes(4);
  });

  it('a query is not retried on a 4xx answer', async () => {
    const client = instantRetryClient();
    const queryFn = vi.fn(() => Promise.reject(new ApiError(404, 'NOT_FOUND', 'gone')));
    const observer = new QueryObserver(client, { queryKey: ['missing'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    unsubscribe();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('backoff doubles from 1 s, capped at 30 s for queries and 10 s for mutations', () => {
    const queryDelay = createQueryClient().getDefaultOptions().queries?.retryDelay;
    expect(typeof queryDelay).toBe('function');
    const delays = [0, 1, 2, 3, 4, 5, 6].map((attempt) =>
      (queryDelay as (attempt: number, error: unknown) => number)(attempt, serverDown()),
    );
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect([0, 1, 2, 3, 4].map((attempt) => IDEMPOTENT_RETRY.retryDelay(attempt))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000,
    ]);
    expect(backoff(5_000)(10)).toBe(5_000);
  });

  it('an idempotent mutation retries at most twice; others never', () => {
    expect(IDEMPOTENT_RETRY.retry(0, serverDown())).toBe(true);
    expect(IDEMPOTENT_RETRY.retry(1, serverDown())).toBe(true);
    expect(IDEMPOTENT_RETRY.retry(2, serverDown())).toBe(false);
    expect(IDEMPOTENT_RETRY.retry(0, new ApiError(409, 'CONFLICT', 'no'))).toBe(false);
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });
});

describe('lifetimes of named queries', () => {
  it('feature flags: stale 5 min, kept 10, tried 3 times in all, refetched on focus', async () => {
    const api = mockApi({ 'GET /feature-flags': apiError(500, 'INTERNAL') });
    const client = instantRetryClient();
    renderHook(() => useFeatureFlags(), { wrapper: wrapperFor(client) });
    await waitFor(() =>
      expect(client.getQueryCache().find({ queryKey: flagKeys.all })?.state.status).toBe('error'),
    );
    const options = client.getQueryCache().find({ queryKey: flagKeys.all })?.options;
    expect(options).toMatchObject({
      staleTime: 5 * MINUTE,
      gcTime: 10 * MINUTE,
      retry: 2,
      refetchOnWindowFocus: true,
    });
    expect(api.calls.filter((call) => call.path === '/feature-flags')).toHaveLength(3);
  });
});
