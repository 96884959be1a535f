import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { MINUTE } from '../../platform/clock';
import { createLimiter, type Limiter } from '../../platform/rate-limit';

export type ReauthLimiters = {
  /** Password checks of a signed-in user (password change, account deletion): 10 an hour. */
  passwordChecksPerUser: Limiter;
  /** Authenticator codes checked from one address (second step, account deletion): 15 a minute. */
  codeChecksPerIp: Limiter;
};

const shared = new WeakMap<ServerContext, ReauthLimiters>();

/**
 * The limits of re-authentication, one set per app: every route that checks the signed-in
 * user's password or an authenticator code counts against the same counters, so a second route
 * gives no extra guesses.
 */
export function reauthLimiters(app: FastifyInstance, ctx: ServerContext): ReauthLimiters {
  let limiters = shared.get(ctx);
  if (!limiters) {
    limiters = {
      passwordChecksPerUser: createLimiter(app, {
        name: 'password-change',
        max: 10,
        timeWindowMs: 60 * MINUTE,
        key: (r) => r.auth?.user.id ?? r.ip,
      }),
      codeChecksPerIp: createLimiter(app, {
        name: 'totp-verify-ip',
        max: 15,
        timeWindowMs: MINUTE,
        key: (r) => r.ip,
      }),
    };
    shared.set(ctx, limiters);
  }
  return limiters;
}
