import type { Factor, LoginResponse, SessionResponse } from '@/contracts/auth';
import type { mfaFactors } from '../../db/schema';
import { type AuthContext } from '../session';
import { toUser, type UserLike } from '../profile';

export { toUser };

type FactorRow = typeof mfaFactors.$inferSelect;

export function toFactor(factor: FactorRow): Factor {
  return {
    id: factor.id,
    friendlyName: factor.friendlyName,
    factorType: factor.factorType,
    status: factor.status,
    createdAt: factor.createdAt.toISOString(),
  };
}

/**
 * The session as the app sees it. While the second step is pending it holds only what the
 * verification screen needs (spec 000, section 4: the session is not exposed): no user.
 */
export function toSessionResponse(
  auth: Pick<AuthContext, 'user' | 'session' | 'mfaPending'>,
  verifiedFactors: FactorRow[],
): SessionResponse {
  if (auth.mfaPending) {
    return {
      aal: 'aal1',
      mfa: { pending: true, bypass: false },
      factors: verifiedFactors.map(toFactor),
    };
  }
  return {
    user: toUser(auth.user),
    aal: auth.session.aal,
    mfa: { pending: false, bypass: auth.session.mfaBypass },
    ...(auth.user.deletionScheduledFor
      ? { deletionScheduledFor: auth.user.deletionScheduledFor.toISOString() }
      : {}),
  };
}

/**
 * The answer to a password step (sign-in, reset): an aal1 session; with a verified authenticator
 * the second step is required and the answer lists the factors instead of the user.
 */
export function toLoginResponse(user: UserLike, verifiedFactors: FactorRow[]): LoginResponse {
  if (verifiedFactors.length > 0) {
    return { aal: 'aal1', mfaRequired: true, factors: verifiedFactors.map(toFactor) };
  }
  return { user: toUser(user), aal: 'aal1', mfaRequired: false };
}
