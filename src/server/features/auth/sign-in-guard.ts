import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { DAY, HOUR, MINUTE, SECOND } from '../../platform/clock';
import type { CounterStore } from '../../platform/counters';
import { hashToken, randomToken } from '../../platform/crypto';
import { AppError } from '../../platform/errors';

/**
 * Lock-out-proof sign-in (OWASP "Slow down online guessing attacks with device cookies").
 *
 * - A browser that signed in to an account carries a signed device cookie naming it. Its wrong
 *   passwords count against that device only: 10 within 15 minutes lock that device for 15
 *   minutes. It is never slowed by what strangers do.
 * - Every other attempt is a stranger's. Its failures count per address (25 within 5 minutes lock
 *   the address for 5 minutes, whatever the account) and per account (the email, known or not):
 *   after 5 failures, each further one closes the account to strangers for a growing delay
 *   (2 s, 4 s, 8 s, ... at most 15 minutes), forgotten after an hour without failures.
 * - The 10th stranger failure of a window emails the owner, at most once a day.
 */
export const SIGN_IN_POLICY = {
  address: { max: 25, windowMs: 5 * MINUTE, lockMs: 5 * MINUTE },
  device: { max: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  account: {
    freeFailures: 5,
    windowMs: HOUR,
    firstDelayMs: 2 * SECOND,
    maxDelayMs: 15 * MINUTE,
    alertAt: 10,
    alertEveryMs: DAY,
  },
  deviceCookieMaxAgeMs: 365 * DAY,
  /** Accounts one device cookie remembers (the most recent first). */
  accountsPerDevice: 5,
} as const;

export const DEVICE_COOKIE = 'cairn_device';
const DEVICE_COOKIE_PATH = '/api/v1/auth';

/** The wait a stranger's `failures`-th failure on an account imposes (0 within the free budget). */
export function strangerDelayMs(failures: number) {
  const { freeFailures, firstDelayMs, maxDelayMs } = SIGN_IN_POLICY.account;
  if (failures <= freeFailures) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(30, failures - freeFailures - 1));
}

export type Device = { id: string; userIds: string[] };

/** The browser's device cookie when its signature holds; null otherwise. */
export function readDevice(request: FastifyRequest): Device | null {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const [id, users = ''] = unsigned.value.split('~');
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
  return { id, userIds: users.split(',').filter(Boolean) };
}

/** Remembers that this browser signed in to `userId` (keeping its device id). */
export function rememberDevice(
  reply: FastifyReply,
  config: Pick<Config, 'secure'>,
  device: Device | null,
  userId: string,
) {
  const id = device?.id ?? randomToken(18);
  const userIds = [userId, ...(device?.userIds ?? []).filter((other) => other !== userId)].slice(
    0,
    SIGN_IN_POLICY.accountsPerDevice,
  );
  void reply.setCookie(DEVICE_COOKIE, `${id}~${userIds.join(',')}`, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secure,
    signed: true,
    maxAge: Math.floor(SIGN_IN_POLICY.deviceCookieMaxAgeMs / 1000),
  });
}

const keys = {
  address: (ip: string) => `signin:ip:${ip}`,
  account: (email: string) => `signin:acct:${hashToken(email)}`,
  device: (id: string) => `signin:dev:${id}`,
  alert: (userId: string) => `signin:alert:${userId}`,
};

export type Attempt = {
  email: string;
  ip: string;
  /** The device cookie, when it names the account being signed in to. */
  trustedDevice: Device | null;
};

const refuse = (ms: number) => {
  throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) });
};

/**
 * Throws 429 RATE_LIMITED when this attempt may not be checked now: a known device only when
 * it is itself locked; a stranger when its address is locked or the account is closed to
 * strangers for a while.
 */
export async function checkAttempt(store: CounterStore, attempt: Attempt) {
  if (attempt.trustedDevice) {
    const wait = await store.closedFor(keys.device(attempt.trustedDevice.id));
    if (wait > 0) refuse(wait);
    return;
  }
  const [address, account] = await Promise.all([
    store.closedFor(keys.address(attempt.ip)),
    store.closedFor(keys.account(attempt.email)),
  ]);
  if (address > 0 || account > 0) refuse(Math.max(address, account));
}

/**
 * Counts a wrong password. Returns true when the owner should be told their account is being
 * attacked (the alert threshold was just reached and no alert went out within a day).
 */
export async function recordFailure(
  store: CounterStore,
  attempt: Attempt,
  now: number,
  userId: string | null,
): Promise<boolean> {
  if (attempt.trustedDevice) {
    const { max, windowMs, lockMs } = SIGN_IN_POLICY.device;
    const key = keys.device(attempt.trustedDevice.id);
    if ((await store.increment(key, windowMs, 'fixed')) >= max)
      await store.closeUntil(key, now + lockMs);
    return false;
  }
  const { address, account } = SIGN_IN_POLICY;
  const addressKey = keys.address(attempt.ip);
  const accountKey = keys.account(attempt.email);
  const [fromAddress, onAccount] = await Promise.all([
    store.increment(addressKey, address.windowMs, 'fixed'),
    store.increment(accountKey, account.windowMs, 'idle'),
  ]);
  if (fromAddress >= address.max) await store.closeUntil(addressKey, now + address.lockMs);
  const delay = strangerDelayMs(onAccount);
  if (delay > 0) await store.closeUntil(accountKey, now + delay);
  return (
    userId !== null &&
    onAccount === account.alertAt &&
    (await store.once(keys.alert(userId), account.alertEveryMs))
  );
}

/** A right password on a known device: its count starts over. */
export async function recordSuccess(store: CounterStore, attempt: Attempt) {
  if (attempt.trustedDevice) await store.delete(keys.device(attempt.trustedDevice.id));
}
