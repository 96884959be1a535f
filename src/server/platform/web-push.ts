import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { VapidKeys } from '../secrets';
import { isPrivateHost } from './remote-fetch';

/** What a push notification carries (the service worker shows it: public/push-sw.js). */
export type PushPayload = { title: string; body: string; url: string; tag?: string };

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushResult =
  | { ok: true }
  /** The push service no longer knows the subscription (404, 410): forget it. */
  | { ok: false; gone: true; status: number }
  | { ok: false; gone: false; error: string };

/** How long a push service keeps a message for a device that is offline (seconds). */
export const PUSH_TTL_SECONDS = 24 * 3_600;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Whether a push endpoint may be reached: on the default port (https' 443) and not at a private
 * address or name by its very form. A public-looking name is judged again when it resolves (the
 * sender's agent). The one rule for a subscription saved and a push sent.
 */
export function isPublicPushEndpoint(endpoint: string): boolean {
  const url = new URL(endpoint);
  return url.port === '' && !isPrivateHost(url.hostname);
}

/**
 * Standard Web Push (RFC 8030, payload encrypted per RFC 8291, VAPID per RFC 8292) through the
 * `web-push` library. `agent` lets tests reach a local push service with its own certificate.
 */
export class PushSender {
  constructor(
    readonly vapid: VapidKeys,
    private readonly options: { agent?: Agent; allowPrivateNetworks?: boolean } = {},
  ) {}

  async send(target: PushTarget, payload: PushPayload): Promise<PushResult> {
    // A private address or name never reaches the lookup: refused here (other names are
    // checked when they resolve, by the agent's lookup).
    if (!this.options.allowPrivateNetworks && !isPublicPushEndpoint(target.endpoint)) {
      const { host } = new URL(target.endpoint);
      return { ok: false, gone: false, error: `${host} is not a public push service` };
    }
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: {
            subject: this.vapid.subject,
            publicKey: this.vapid.publicKey,
            privateKey: this.vapid.privateKey,
          },
          TTL: PUSH_TTL_SECONDS,
          timeout: PUSH_TIMEOUT_MS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          ...(this.options.agent ? { agent: this.options.agent } : {}),
        },
      );
      return { ok: true };
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410))
        return { ok: false, gone: true, status: error.statusCode };
      const status = error instanceof WebPushError ? ` (${error.statusCode})` : '';
      return {
        ok: false,
        gone: false,
        error: `${error instanceof Error ? error.message : String(error)}${status}`.slice(0, 500),
      };
    }
  }
}
