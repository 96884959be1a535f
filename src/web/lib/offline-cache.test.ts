import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetOfflineData,
  OFFLINE_MAX_AGE_MS,
  OFFLINE_MAX_CHARS,
  OFFLINE_SAVE_DELAY_MS,
  restoreKeptReads,
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

  it('never writes a private read (an email with someone’s link) to the browser’s storage', async () => {
    const online = client();
    online.setQueryData(['portfolios'], [{ id: 'p1' }]);
    await online.fetchQuery({
      queryKey: ['admin-mail-message', 'm1'],
      queryFn: () =>
        Promise.resolve({ actionUrl: 'http://localhost:3000/auth/reset-password?token=secret-1' }),
      meta: { persist: false },
    });
    saveOfflineData(online, 'user-a');
    const text = window.localStorage.getItem('cairn.offline.data.user-a') ?? '';
    expect(text).toContain('p1');
    expect(text).not.toContain('token=');
    expect(text).not.toContain('admin-mail-message');
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

  it('leaves out a read too large for the browser’s storage, and the oldest when full', () => {
    vi.useFakeTimers({ now: new Date('2026-11-01T10:00:00Z') });
    const a = client();
    a.setQueryData(['small'], 'kept before');
    vi.advanceTimersByTime(1_000);
    a.setQueryData(['huge'], 'x'.repeat(OFFLINE_MAX_CHARS));
    saveOfflineData(a, 'user-a');
    let offline = client();
    expect(restoreOfflineData(offline)).toBe(true);
    expect(offline.getQueryData(['small'])).toBe('kept before');
    expect(offline.getQueryData(['huge'])).toBeUndefined();

    // Two reads that fit one at a time: the newer one stays.
    const b = client();
    b.setQueryData(['older'], 'o'.repeat(OFFLINE_MAX_CHARS * 0.6));
    vi.advanceTimersByTime(1_000);
    b.setQueryData(['newer'], 'n'.repeat(OFFLINE_MAX_CHARS * 0.6));
    saveOfflineData(b, 'user-a');
    offline = client();
    restoreOfflineData(offline);
    expect(offline.getQueryData(['newer'])).toBeDefined();
    expect(offline.getQueryData(['older'])).toBeUndefined();
  });

  it('keeps what earlier page loads read, each read for 24 hours', () => {
    vi.useFakeTimers({ now: new Date('2026-11-01T10:00:00Z') });
    // The dashboard is read, then the app reloads on the transactions page.
    const first = client();
    first.setQueryData(['dashboard'], { netWorth: '1800' });
    first.setQueryData(['transactions'], ['old list']);
    saveOfflineData(first, 'user-a');
    vi.advanceTimersByTime(60 * 60 * 1000);
    const second = client();
    second.setQueryData(['transactions'], ['new list']);
    saveOfflineData(second, 'user-a');

    let offline = client();
    expect(restoreOfflineData(offline)).toBe(true);
    expect(offline.getQueryData(['dashboard'])).toEqual({ netWorth: '1800' });
    expect(offline.getQueryData(['transactions'])).toEqual(['new list']);

    // A day after the dashboard was read (the list is newer): the dashboard is no longer used.
    vi.advanceTimersByTime(OFFLINE_MAX_AGE_MS - 60 * 60 * 1000 + 1);
    offline = client();
    expect(restoreOfflineData(offline)).toBe(true);
    expect(offline.getQueryData(['dashboard'])).toBeUndefined();
    expect(offline.getQueryData(['transactions'])).toEqual(['new list']);
    // And the next save drops it for good.
    saveOfflineData(client(), 'user-a');
    expect(window.localStorage.getItem('cairn.offline.data.user-a')).not.toContain('1800');
  });

  it('gives a page opened offline its kept read, even one the cache had let go', async () => {
    const online = client();
    online.setQueryData(['dashboard'], { netWorth: '1800' });
    saveOfflineData(online, 'user-a');

    let offline = true;
    const app = client();
    const stop = restoreKeptReads(app, () => offline);
    const never = () => new Promise<never>(() => {});
    const ask = (key: string) =>
      void app
        .fetchQuery({ queryKey: [key], queryFn: never, networkMode: 'always' })
        .catch(() => undefined);
    // A page asks for it: it shows at once, without the network.
    ask('dashboard');
    expect(app.getQueryData(['dashboard'])).toEqual({ netWorth: '1800' });
    // Nothing kept for this one: it waits for the network.
    ask('nothing kept');
    expect(app.getQueryData(['nothing kept'])).toBeUndefined();
    // Online, the app asks the server: nothing old is put in.
    offline = false;
    app.clear();
    ask('dashboard');
    expect(app.getQueryData(['dashboard'])).toBeUndefined();
    stop();
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
    // The session is read before any page.
    queryClient.setQueryData(['auth', 'session'], { user: { id: 'user-a' } });
    const { rerender } = renderHook(({ userId }) => useOfflineData(queryClient, userId), {
      initialProps: { userId: 'user-a' as string | null | undefined },
    });
    await queryClient.fetchQuery({ queryKey: ['holdings'], queryFn: async () => ['AAPL'] });
    expect(restoreOfflineData(client())).toBe(true);
    const before = window.localStorage.getItem('cairn.offline.data.user-a');
    expect(before).not.toContain('AAPL');
    vi.advanceTimersByTime(OFFLINE_SAVE_DELAY_MS);
    expect(window.localStorage.getItem('cairn.offline.data.user-a')).toContain('AAPL');

    // A read that arrives just before the page is left is saved as it goes.
    await queryClient.fetchQuery({ queryKey: ['summary'], queryFn: async () => 'last moment' });
    expect(window.localStorage.getItem('cairn.offline.data.user-a')).not.toContain('last moment');
    window.dispatchEvent(new Event('pagehide'));
    expect(window.localStorage.getItem('cairn.offline.data.user-a')).toContain('last moment');

    // While the session is unknown (loading, offline) nothing changes; signed out, it goes.
    rerender({ userId: undefined });
    expect(stored()).toHaveLength(2);
    rerender({ userId: null });
    expect(stored()).toEqual([]);
  });

  it('writes nothing back when the user signs out with a save pending', async () => {
    vi.useFakeTimers();
    const queryClient = client();
    const { rerender } = renderHook(({ userId }) => useOfflineData(queryClient, userId), {
      initialProps: { userId: 'user-b' as string | null | undefined },
    });
    await queryClient.fetchQuery({ queryKey: ['holdings'], queryFn: async () => ['MSFT'] });
    expect(stored()).toHaveLength(2);

    // Signing out: the copy goes and the cache is cleared, then the session is read again.
    forgetOfflineData();
    queryClient.clear();
    rerender({ userId: undefined });
    expect(stored()).toEqual([]);
    vi.advanceTimersByTime(OFFLINE_SAVE_DELAY_MS);
    expect(stored()).toEqual([]);
  });
});
