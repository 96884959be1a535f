import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/web/test/mock-api';
import { FLAGS_ON_FAILURE, useFeatureFlags } from './feature-flags';

afterEach(() => vi.restoreAllMocks());

function flagsHook() {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useFeatureFlags(), { wrapper });
}

describe('feature flags in the app', () => {
  it('shows everything while they load, then obeys them', async () => {
    mockApi({
      'GET /feature-flags': {
        body: {
          flags: [
            { key: 'search_bar', enabled: false },
            { key: 'goals', enabled: true },
          ],
        },
      },
    });
    const { result } = flagsHook();
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toEqual({ search_bar: false, goals: true }));
  });

  it('answers false for the search bar when they cannot be read, and shows the rest', async () => {
    const api = mockApi({ 'GET /feature-flags': apiError(500, 'INTERNAL') });
    const { result } = flagsHook();
    await waitFor(() => expect(result.current).toBe(FLAGS_ON_FAILURE));
    // Only the search bar is named: an absent flag shows (the shell's isFlagEnabled).
    expect(result.current).toEqual({ search_bar: false });
    // Tried three times (two retries), as spec 000's cache settings say.
    expect(api.callsTo('GET', '/feature-flags')).toHaveLength(3);
  });
});
