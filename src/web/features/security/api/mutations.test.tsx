import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFactors, useHasVerifiedFactor } from '@/web/lib/factors';
import { createTestQueryClient } from '@/web/test/render';
import { mockApi, testFactor, testSession } from '@/web/test/mock-api';
import { useDeleteFactor, useVerifyNewFactor } from './mutations';

afterEach(() => vi.restoreAllMocks());

const wrapperFor = () => {
  const client = createTestQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
};

describe('the factor list every screen shares', () => {
  it('is fetched once for the security settings and the dashboard checklist, and both follow a new factor', async () => {
    const added = testFactor({ id: '66666666-6666-4666-8666-666666666666' });
    let factors = [testFactor({ id: added.id, status: 'unverified' })];
    const api = mockApi({
      'GET /auth/mfa/factors': () => ({ body: { factors } }),
      'POST /auth/mfa/verify': () => {
        factors = [added];
        return { body: testSession({ aal: 'aal2' }) };
      },
    });
    const { result } = renderHook(
      () => ({
        security: useFactors(),
        dashboard: useHasVerifiedFactor(),
        verify: useVerifyNewFactor(),
      }),
      { wrapper: wrapperFor() },
    );
    await waitFor(() => expect(result.current.dashboard.data).toBe(false));
    expect(result.current.security.data).toHaveLength(1);
    expect(api.callsTo('GET', '/auth/mfa/factors')).toHaveLength(1);

    await act(() =>
      result.current.verify.mutateAsync({
        factorId: added.id,
        challengeId: '77777777-7777-4777-8777-777777777777',
        code: '123456',
      }),
    );
    // The dashboard's checklist is not stale: it says two-factor is on.
    await waitFor(() => expect(result.current.dashboard.data).toBe(true));
    expect(result.current.security.data).toEqual([added]);
  });

  it('follows a removal too', async () => {
    const phone = testFactor();
    let factors = [phone];
    mockApi({
      'GET /auth/mfa/factors': () => ({ body: { factors } }),
      [`DELETE /auth/mfa/factors/${phone.id}`]: () => {
        factors = [];
        return { body: { ok: true } };
      },
      'GET /auth/session': { body: testSession() },
    });
    const { result } = renderHook(
      () => ({ dashboard: useHasVerifiedFactor(), remove: useDeleteFactor() }),
      { wrapper: wrapperFor() },
    );
    await waitFor(() => expect(result.current.dashboard.data).toBe(true));
    await act(() => result.current.remove.mutateAsync(phone.id));
    await waitFor(() => expect(result.current.dashboard.data).toBe(false));
  });
});
