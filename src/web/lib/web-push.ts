import { ApiError, api } from '@/web/lib/api-client';

/**
 * This browser's Web Push subscription (issue 16): permission, the service worker's push
 * subscription with the server's VAPID key, and its registration on the server. The service
 * worker (/sw.js, with src/web/public/push-sw.js) shows what arrives.
 */

/** Where this browser stands with push for this account. */
export type BrowserPush =
  /** No Push API or no notifications here (some browsers, iOS outside an installed app). */
  | 'unsupported'
  /** The user (or the browser) refused notifications for Cairn. */
  | 'denied'
  /** Cairn's service worker is not running (development, or it failed to start). */
  | 'no-worker'
  /** Supported and allowed, or not asked yet, but this browser is not subscribed. */
  | 'off'
  | 'subscribed';

export function pushSupported() {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** How long to wait for the service worker when the page opened before it registered. */
const WORKER_WAIT_MS = 3_000;

/** Cairn's service worker registration: the one there, or the one registering (a short wait). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const found = await navigator.serviceWorker.getRegistration();
  if (found) return found;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ready = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), WORKER_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  return ready;
}

/** The state shown on the settings page, without asking the user anything. */
export async function browserPushState(): Promise<BrowserPush> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const worker = await registration();
  if (!worker) return 'no-worker';
  const subscription = await worker.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'subscribed' : 'off';
}

function keyBytes(base64url: string) {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array) {
  if (!a) return false;
  const view = new Uint8Array(a);
  return view.length === b.length && view.every((byte, i) => byte === b[i]);
}

/**
 * Asks for permission (a click started this), subscribes with the server's key and registers
 * the subscription. A subscription made with another key (the server's keys changed) is
 * replaced.
 */
export async function enableBrowserPush(): Promise<BrowserPush> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const worker = await registration();
  if (!worker) return 'no-worker';
  const { publicKey } = await api<{ publicKey: string }>('/push/vapid-public-key');
  const key = keyBytes(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await api('/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
  return 'subscribed';
}

/** Unsubscribes this browser and forgets it on the server (already forgotten is fine). */
export async function disableBrowserPush(): Promise<void> {
  if (!pushSupported()) return;
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  try {
    await api('/push/subscriptions', { method: 'DELETE', body: { endpoint } });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'NOT_FOUND')) throw error;
  }
}

/** How long signing out waits for this browser's push subscription to be dropped. */
const SIGN_OUT_WAIT_MS = 3_000;

/**
 * On sign-out: this browser stops receiving the account's pushes (the next person here must not
 * see them). With `server`, the server forgets it too (the session is still valid); otherwise
 * (the session already ended) the push service refuses the old endpoint and the server drops it on
 * its next send. Never fails, and never holds the sign-out more than a few seconds.
 */
export async function forgetBrowserPush(options: { server: boolean }): Promise<void> {
  const work = (async () => {
    if (!pushSupported()) return;
    if (options.server) {
      await disableBrowserPush();
      return;
    }
    const worker = await registration();
    await (await worker?.pushManager.getSubscription())?.unsubscribe();
  })().catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    work,
    new Promise((resolve) => {
      timer = setTimeout(resolve, SIGN_OUT_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}
