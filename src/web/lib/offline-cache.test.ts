import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetOfflineData,
  OFFLINE_MAX_AGE_MS,
  OFFLINE_MAX_CHARS,
  OFFLINE_SAVE_DELAY_MS,
  restoreOfflineData,
  saveOfflineData,
  useOfflineData,
} from './offline-cache';
import { STORAGE_KEYS } from './storage';

/** The signed-in user's last reads, kept for offline use under their id (spec 002). */

const client = () => new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
const stored = () =>
  Object.keys(window.localStorage).filter((key) => key.startsWith('cairn.offline.'));

afterEach(() => vi.useRealTimers());

describe('the offline copy', () => {
  it('keeps only successful reads, under the user, and puts them back', async () => {
    const online = client();
    online.setQueryData(['portfolios'], [{ id: 'p1', name: 'Main' }]);
    await online
      .fetchQuery({ queryKey: ['broken'], queryFn: () => Promise.reject(new Error('no')) })
      .catch(() => undefined);
    saveOfflineData(online, 'user-a');
    expect(stored().sort()).toEqual(['cairn.offline.data.user-a', STORAGE_KEYS.offlineUser]);

    const offline = client();
    expect(restoreOfflineData(offline)).toBe(true);
    expect(offline.getQueryData(['portfolios'])).toEqual([{ id: 'p1', name: 'Main' }]);
    expect(offline.getQueryState(['broken'])).toBeUndefined();
  });

  it('never mixes two users: another user replaces the first one’s copy', () => {
    const a = client();
    a.setQueryData(['secret'], 'of A');
    saveOfflineData(a, 'user-a');
    const b = client();
    b.setQueryData(['mine'], 'of B');
    saveOfflineData(b, 'user-b');
    expect(stored().sort()).toEqual(['cairn.offline.data.user-b', STORAGE_KEYS.offlineUser]);
    const offline = client();
    restoreOfflineData(offline);
    expect(offline.getQueryData(['secret'])).toBeUndefined();
    expect(offline.getQueryData(['mine'])).toBe('of B');
  });

  it('is not used after 24 hours, and goes', () => {
    vi.useFakeTimers({ now: new Date('2026-11-01T10:00:00Z') });
    const a = client();
    a.setQueryData(['x'], 1);
    saveOfflineData(a, 'user-a');
    vi.setSystemTime(Date.now() + OFFLINE_MAX_AGE_MS + 1);
    const offline = client();
    expect(restoreOfflineData(offline)).toBe(false);
    expect(offline.getQueryData(['x'])).toBeUndefined();
    expect(stored()).toEqual([]);
  });

  it('is not kept when too large for the browser’s storage', () => {
    const a = client();
    a.setQueryData(['small'], 'kept before');
    saveOfflineData(a, 'user-a');
    a.setQueryData(['huge'], 'x'.repeat(OFFLINE_MAX_CHARS));
    saveOfflineData(a, 'user-a');
    expect(restoreOfflineData(client())).toBe(false);
  });

  it('goes on sign-out, and unreadable data is dropped', () => {
    const a = client();
    a.setQueryData(['x'], 1);
    saveOfflineData(a, 'user-a');
    forgetOfflineData();
    expect(stored()).toEqual([]);
    window.localStorage.setItem(STORAGE_KEYS.offlineUser, 'user-a');
    window.localStorage.setItem('cairn.offline.data.user-a', '{not json');
    expect(restoreOfflineData(client())).toBe(false);
    expect(stored()).toEqual([]);
  });
});

describe('useOfflineData', () => {
  it('saves a moment after a read succeeds, and forgets when signed out', async () => {
    vi.useFakeTimers();
    const queryClient = client();
    const { rerender } = renderHook(({ userId }) => useOfflineData(queryClient, userId), {
      initialProps: { userId: 'user-a' as string | null | undefined },
    });
    await queryClient.fetchQuery({ queryKey: ['holdings'], queryFn: async () => ['AAPL'] });
    expect(restoreOfflineData(client())).toBe(true);
    const before = window.localStorage.getItem('cairn.offline.data.user-a');
    expect(before).not.toContain('AAPL');
    vi.advanceTimersByTime(OFFLINE_SAVE_DELAY_MS);
    expect(window.localStorage.getItem('cairn.offline.data.user-a')).toContain('AAPL');

    // While the session is unknown (loading, offline) nothing changes; signed out, it goes.
    rerender({ userId: undefined });
    expect(stored()).toHaveLength(2);
    rerender({ userId: null });
    expect(stored()).toEqual([]);
  });
});
