import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/web/lib/query-client';
import { mockApi } from '@/web/test/mock-api';
import { portfolioKeys, usePortfolios } from './queries';

afterEach(() => vi.restoreAllMocks());

describe('the portfolio list query', () => {
  it('keeps portfolios and their simulations fresh for 5 minutes (spec 001 query cache)', async () => {
    mockApi({ 'GET /portfolios': { body: { portfolios: [] } } });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => usePortfolios(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const query = client.getQueryCache().find({ queryKey: portfolioKeys.list() });
    // The observer's options (staleTime is an observer option, kept on the query).
    expect((query?.options as { staleTime?: unknown } | undefined)?.staleTime).toBe(5 * 60_000);
    expect(result.current.isStale).toBe(false);
  });
});
