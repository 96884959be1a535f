import { z } from 'zod';
import { text } from './input-rules';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/**
 * Web Push subscriptions (issue 16): a browser's PushSubscription, as its `toJSON()` gives it,
 * registered for the signed-in user, and the VAPID public key browsers subscribe with.
 */

export const PUSH_ENDPOINT_MAX = 2_048;

/** An https URL without credentials or fragment (push services give https endpoints only). */
function isPushEndpoint(value: string) {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && !url.username && !url.password && !url.hash;
}

/** Unpadded base64url of exactly `bytes` bytes. */
function base64urlOf(bytes: number) {
  const length = Math.ceil((bytes * 4) / 3);
  return new RegExp(`^[A-Za-z0-9_-]{${length}}$`);
}

/** An uncompressed P-256 point: 65 bytes, the first 0x04 (so its base64url starts with 'B'). */
function isP256Point(value: string) {
  return base64urlOf(65).test(value) && value.startsWith('B');
}

const endpoint = text().max(PUSH_ENDPOINT_MAX, M.pushEndpointInvalid).refine(isPushEndpoint, {
  message: M.pushEndpointInvalid,
});

export const pushSubscriptionBodySchema = z
  .object({
    endpoint,
    /** Milliseconds since the epoch when the subscription ends, as browsers give it (unused). */
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      /** The browser's ECDH public key (P-256, uncompressed, base64url). */
      p256dh: text().refine(isP256Point, { message: M.pushKeyInvalid }),
      /** The 16-byte authentication secret (base64url). */
      auth: text().regex(base64urlOf(16), M.pushKeyInvalid),
    }),
  })
  .meta({ id: 'PushSubscriptionBody' });
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushSubscriptionSchema = z
  .object({
    id: z.uuid(),
    endpoint: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'PushSubscription' });

export const pushSubscriptionResponseSchema = z.object({ subscription: pushSubscriptionSchema });

export const deletePushSubscriptionBodySchema = z.object({ endpoint });

export const vapidPublicKeyResponseSchema = z
  .object({
    /** The application server key to pass to `pushManager.subscribe` (base64url). */
    publicKey: z.string(),
  })
  .meta({ id: 'VapidPublicKey' });
