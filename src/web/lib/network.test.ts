import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client';
import { isOnline, PROBE_MS, useOnline } from './network';

/** The server out of reach counts as offline, and the app notices when it is back. */

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the network as the app sees it', () => {
  it('goes down when a request cannot reach the server, and up when the probe gets an answer', async () => {
    vi.useFakeTimers();
    const fetchSpy = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchSpy);
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);

    await act(async () => {
      await expect(api('/portfolios')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    });
    expect(result.current).toBe(false);
    // Down, a change is refused before it leaves.
    await expect(api('/holdings', { method: 'POST', body: {} })).rejects.toEqual(
      new ApiError(0, 'OFFLINE', 'You are offline'),
    );
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    // The probe asks /health every PROBE_MS; the first answer brings the app back.
    fetchSpy.mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROBE_MS);
    });
    expect(fetchSpy).toHaveBeenLastCalledWith('/api/v1/health', { cache: 'no-store' });
    expect(result.current).toBe(true);
    expect(isOnline()).toBe(true);
  });

  it('any answer of the server, even a refusal, means it is reachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(
          new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'x' } }), {
            status: 404,
          }),
        ),
    );
    await expect(api('/a')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(isOnline()).toBe(false);
    await expect(api('/b')).rejects.toMatchObject({ status: 404 });
    expect(isOnline()).toBe(true);
  });
});
