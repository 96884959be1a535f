import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/web/test/mock-api';
import { api, ApiError, onSessionEnded, unauthorizedEndsSession } from './api-client';

const unsubscribers: (() => void)[] = [];
afterEach(() => {
  unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
  vi.restoreAllMocks();
});

function listen() {
  const ended = vi.fn<(path: string) => void>();
  unsubscribers.push(onSessionEnded(ended));
  return ended;
}

describe('a 401 answer', () => {
  it('ends the session for any call that needs one, and is still thrown to the caller', async () => {
    mockApi({
      'GET /portfolios': apiError(401, 'UNAUTHENTICATED'),
      'POST /holdings': apiError(401, 'UNAUTHENTICATED'),
    });
    const ended = listen();
    await expect(api('/portfolios')).rejects.toMatchObject({ status: 401 });
    await expect(api('/holdings', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(ended.mock.calls).toEqual([['/portfolios'], ['/holdings']]);
  });

  it('does not end it when it answers the sign-in form, the probe, the two-factor step or a re-authentication', async () => {
    const unauthorized = apiError(401, 'UNAUTHENTICATED');
    mockApi({
      'POST /auth/login': unauthorized,
      'GET /auth/session': unauthorized,
      'POST /auth/mfa/verify': unauthorized,
      'POST /auth/mfa/factors/f1/challenge': unauthorized,
      'POST /auth/otp/verify': unauthorized,
      'POST /auth/password/change': unauthorized,
      'POST /auth/logout': unauthorized,
    });
    const ended = listen();
    const calls = [
      api('/auth/login', { method: 'POST', body: {} }),
      api('/auth/session?optional=1'),
      api('/auth/mfa/verify', { method: 'POST', body: {} }),
      api('/auth/mfa/factors/f1/challenge', { method: 'POST' }),
      api('/auth/otp/verify', { method: 'POST', body: {} }),
      api('/auth/password/change', { method: 'POST', body: {} }),
      api('/auth/logout', { method: 'POST' }),
    ];
    for (const call of calls) await expect(call).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
  });

  it('follows the per-call flag over the endpoint list', async () => {
    mockApi({
      'GET /portfolios': apiError(401, 'UNAUTHENTICATED'),
      'POST /auth/login': apiError(401, 'UNAUTHENTICATED'),
    });
    const ended = listen();
    await expect(api('/portfolios', { unauthorizedEndsSession: false })).rejects.toThrow();
    expect(ended).not.toHaveBeenCalled();
    await expect(
      api('/auth/login', { method: 'POST', body: {}, unauthorizedEndsSession: true }),
    ).rejects.toThrow();
    expect(ended).toHaveBeenCalledOnce();
  });

  it('is the only answer that ends it (403, 404 and network failures do not)', async () => {
    mockApi({
      'GET /admin/users': apiError(403, 'UNAUTHORIZED'),
      'GET /settings': apiError(406, 'HTTP_ERROR'),
    });
    const ended = listen();
    await expect(api('/admin/users')).rejects.toMatchObject({ status: 403 });
    await expect(api('/settings')).rejects.toMatchObject({ status: 406 });
    await expect(api('/nowhere')).rejects.toMatchObject({ status: 404 });
    expect(ended).not.toHaveBeenCalled();
  });
});

describe('unauthorizedEndsSession', () => {
  it('reads the path without its query and does not match look-alike paths', () => {
    expect(unauthorizedEndsSession('/auth/session?optional=1')).toBe(false);
    expect(unauthorizedEndsSession('/auth/sessions')).toBe(true);
    expect(unauthorizedEndsSession('/auth/sessions/abc')).toBe(true);
    expect(unauthorizedEndsSession('/auth/mfa/factors')).toBe(true);
    expect(unauthorizedEndsSession('/auth/login/extra')).toBe(true);
    expect(unauthorizedEndsSession('/settings')).toBe(true);
  });
});

describe('offline', () => {
  it('refuses a change before it leaves, with its reason, and still reads', async () => {
    const fetchSpy = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchSpy);
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await expect(api('/holdings', { method: 'POST', body: {} })).rejects.toMatchObject({
        status: 0,
        code: 'OFFLINE',
      });
      await expect(api('/holdings/h1', { method: 'DELETE' })).rejects.toMatchObject({
        code: 'OFFLINE',
      });
      expect(fetchSpy).not.toHaveBeenCalled();
      await expect(api('/portfolios')).resolves.toEqual({ ok: true });
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    } finally {
      onLine.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
