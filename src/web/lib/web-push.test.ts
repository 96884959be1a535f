import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/web/test/mock-api';
import { forgetBrowserPush } from './web-push';

/** A browser subscribed to push (Push API and service worker faked). */
function subscribedBrowser() {
  const endpoint = 'https://push.example.com/send/this-browser';
  let current: { endpoint: string; unsubscribe: () => Promise<boolean> } | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  current = { endpoint, unsubscribe };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: 'granted' }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => ({ pushManager: { getSubscription: async () => current } }),
    },
  });
  return { endpoint, unsubscribe };
}

describe('signing out and push', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('unsubscribes this browser and has the server forget it', async () => {
    const browser = subscribedBrowser();
    const api = mockApi({ 'DELETE /push/subscriptions': { status: 204 } });
    await forgetBrowserPush({ server: true });
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(api.callsTo('DELETE', '/push/subscriptions')).toEqual([
      { method: 'DELETE', path: '/push/subscriptions', body: { endpoint: browser.endpoint } },
    ]);
  });

  it('only unsubscribes when the session has already ended, and never fails', async () => {
    const browser = subscribedBrowser();
    const api = mockApi({});
    await forgetBrowserPush({ server: false });
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(api.calls).toEqual([]);
    // A server that refuses does not stop the sign-out.
    subscribedBrowser();
    mockApi({
      'DELETE /push/subscriptions': {
        status: 500,
        body: { error: { code: 'UNKNOWN_ERROR', message: 'x', details: null } },
      },
    });
    await expect(forgetBrowserPush({ server: true })).resolves.toBeUndefined();
  });

  it('does nothing where push does not exist', async () => {
    const api = mockApi({});
    await forgetBrowserPush({ server: true });
    expect(api.calls).toEqual([]);
  });
});
