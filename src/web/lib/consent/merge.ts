import type { ConsentRecord } from '@/contracts/consent';
import type { StoredConsent } from '@/contracts/consent-constants';
import type { ConsentChoice } from './consent-store';
import { needsChoice } from './consent-store';

export type ConsentMerge =
  /** Nothing to do (both agree, or neither holds a current choice: the banner asks). */
  | { action: 'none' }
  /** The account's choice applies on this browser (written to cc_cookie). */
  | { action: 'apply'; choice: ConsentChoice; date: Date }
  /** This browser's choice is recorded on the account. */
  | { action: 'save'; choice: ConsentChoice };

/**
 * What to do when a signed-in user's stored choice meets this browser's cookie:
 * - only the account holds a current choice (a new device): it applies, no banner;
 * - only the browser does (chosen before signing in): it is recorded on the account;
 * - both, and they differ: the more recent one wins (a tie keeps the account's).
 * A choice made under an older policy version counts as none.
 */
export function mergeConsent(
  local: StoredConsent | null,
  account: ConsentRecord | null,
): ConsentMerge {
  const localCurrent = local !== null && !needsChoice(local) ? local : null;
  const accountCurrent = account?.current ? account : null;
  if (!localCurrent && !accountCurrent) return { action: 'none' };
  if (accountCurrent && !localCurrent) {
    return {
      action: 'apply',
      choice: {
        analytics: accountCurrent.analytics,
        errorMonitoring: accountCurrent.errorMonitoring,
      },
      date: new Date(accountCurrent.consentDate),
    };
  }
  const browser = localCurrent as StoredConsent;
  const choice = { analytics: browser.analytics, errorMonitoring: browser.errorMonitoring };
  if (!accountCurrent) return { action: 'save', choice };
  if (
    accountCurrent.analytics === browser.analytics &&
    accountCurrent.errorMonitoring === browser.errorMonitoring
  ) {
    return { action: 'none' };
  }
  if (Date.parse(browser.date) > Date.parse(accountCurrent.consentDate)) {
    return { action: 'save', choice };
  }
  return {
    action: 'apply',
    choice: {
      analytics: accountCurrent.analytics,
      errorMonitoring: accountCurrent.errorMonitoring,
    },
    date: new Date(accountCurrent.consentDate),
  };
}
