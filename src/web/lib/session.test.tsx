import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/web/test/render';
import { mockApi, testPendingSession, testSession } from '@/web/test/mock-api';
import { captureError, readErrors } from './error-capture';
import { OFFLINE_SAVE_DELAY_MS, useOfflineData } from './offline-cache';
import {
  fetchSession,
  sessionKeys,
  useAuthState,
  usePendingSecondStep,
  useSession,
  useSignedInUserId,
  useSignOut,
} from './session';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function wrapperWith(client = createTestQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('the session hooks', () => {
  it('do not expose a session waiting for its second step, but tell the guards and the gate', async () => {
    mockApi({ 'GET /auth/session': { body: testPendingSession() } });
    const { wrapper } = wrapperWith();
    const { result } = renderHook(
      () => ({ state: useAuthState(), session: useSession(), pending: usePendingSecondStep() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.state.isSuccess).toBe(true));
    expect(result.current.session.data).toBeNull();
    expect(result.current.pending.data).toEqual(testPendingSession());
    expect(result.current.state.data).toEqual(testPendingSession());
  });

  it('give the signed-in session to everyone once the second step is done', async () => {
    mockApi({ 'GET /auth/session': { body: testSession({ aal: 'aal2' }) } });
    const { wrapper } = wrapperWith();
    const { result } = renderHook(
      () => ({ session: useSession(), pending: usePendingSecondStep() }),
      {
        wrapper,
      },
    );
    await waitFor(() => expect(result.current.session.data).not.toBeUndefined());
    expect(result.current.session.data?.user.email).toBe('ada@example.com');
    expect(result.current.pending.data).toBeNull();
  });
});

describe('the session probe', () => {
  it('asks with ?optional=1 and reads a 200 null as signed out (no 401 for the console)', async () => {
    const api = mockApi({ 'GET /auth/session?optional=1': { body: null } });
    window.localStorage.setItem('cairn.signedIn', '1');
    const { wrapper } = wrapperWith();
    const { result } = renderHook(() => useAuthState(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(api.calls).toEqual([{ method: 'GET', path: '/auth/session', body: undefined }]);
    expect(window.localStorage.getItem('cairn.signedIn')).toBeNull();
  });
});

describe('useSignOut', () => {
  it('ends the session, drops the cache and the signed-in hint, and clears the local error log', async () => {
    const api = mockApi({ 'POST /auth/logout': { body: { ok: true } } });
    const { client, wrapper } = wrapperWith();
    client.setQueryData(sessionKeys.all, testSession());
    window.localStorage.setItem('cairn.signedIn', '1');
    // What the previous user saw can be in the log: pages, messages.
    captureError(new Error('could not load /portfolio/7 for ada@example.com'));
    expect(readErrors()).toHaveLength(1);

    const { result } = renderHook(() => useSignOut(), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(client.getQueryData(sessionKeys.all)).toBeUndefined();
    expect(window.localStorage.getItem('cairn.signedIn')).toBeNull();
    expect(readErrors()).toEqual([]);
  });

  it('tells what was watching the session at once, so no offline copy of the last user comes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      'POST /auth/logout': { body: { ok: true } },
      'GET /auth/session': { body: null },
    });
    const { client, wrapper } = wrapperWith();
    client.setQueryData(sessionKeys.all, testSession());
    client.setQueryData(['holdings'], ['AAPL']);
    // As the app keeps the offline copy (app.tsx): under the user the session names, in a
    // component of its own (the menu that signs out is elsewhere).
    const keeper = renderHook(
      () => {
        const userId = useSignedInUserId(client);
        useOfflineData(client, userId);
        return userId;
      },
      { wrapper },
    );
    const menu = renderHook(() => useSignOut(), { wrapper });
    const kept = () =>
      Object.keys(window.localStorage).filter((key) => key.startsWith('cairn.offline.'));
    expect(kept()).toHaveLength(2);

    await act(() => menu.result.current.mutateAsync());
    // The cache is empty: who is here is unknown until the next page asks.
    expect(keeper.result.current).toBeUndefined();
    expect(kept()).toEqual([]);
    // The sign-in page reads; no save follows, now or later.
    await act(() => client.fetchQuery({ queryKey: ['providers'], queryFn: async () => [] }));
    await act(() => client.fetchQuery({ queryKey: sessionKeys.all, queryFn: fetchSession }));
    expect(keeper.result.current).toBeNull();
    act(() => {
      vi.advanceTimersByTime(OFFLINE_SAVE_DELAY_MS * 2);
    });
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).toEqual([]);

    // Someone else signs in: their reads are kept under their own name.
    act(() => {
      client.setQueryData(
        sessionKeys.all,
        testSession({ user: { ...testSession().user, id: 'user-b' } }),
      );
    });
    expect(keeper.result.current).toBe('user-b');
    expect(kept()).toEqual(['cairn.offline.user', 'cairn.offline.data.user-b']);
  });
});
