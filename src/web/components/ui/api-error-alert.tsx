import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, type Currency } from '@/contracts/settings';
import { validationMessageId } from '@/contracts/validation-messages';
import { isTier } from '@/domain/plans/plans';
import { SeePlansLink } from '@/web/components/plans/see-plans-link';
import { ApiError, type ApiErrorCode } from '@/web/lib/api-client';
import { useFormatters } from '@/web/lib/preferences';
import { Alert } from './alert';

const isCurrency = (value: string): value is Currency =>
  (CURRENCIES as readonly string[]).includes(value);

function detail(error: ApiError, key: string): string | undefined {
  const value = error.details?.[key];
  return typeof value === 'string' ? value : undefined;
}

function numericDetail(error: ApiError, key: string): number | undefined {
  const value = error.details?.[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function issueTexts(error: ApiError): string[] {
  const issues = error.details?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) => {
    const message = (issue as { message?: unknown } | null)?.message;
    if (typeof message !== 'string') return [];
    const id = validationMessageId(message);
    return id ? [id] : [];
  });
}

/** Errors that say nothing about what failed: a situation's own text reads better. */
const UNSPECIFIC = new Set(['UNKNOWN_ERROR', 'HTTP_ERROR', 'SERVICE_UNAVAILABLE']);

/** Whether a failed call carries no specific reason (a crash, an unknown answer). */
export function isUnspecificError(error: unknown) {
  return !(error instanceof ApiError) || UNSPECIFIC.has(error.code);
}

/**
 * What the spec says for a failure in one situation: `fallback` replaces a reason-less error
 * ('Two-factor authentication failed' rather than 'An unexpected error occurred'), and `wrap`
 * puts the reason into the situation's sentence ('Failed to create transaction: {{message}}').
 */
export type ErrorSituation = {
  fallback?: string;
  /** This situation's own text for some codes. */
  byCode?: Partial<Record<ApiErrorCode, string>>;
  wrap?: (message: string) => string;
};

/**
 * Turns a failed call into translated text: `errors:<CODE>` (with the 'enroll' context for
 * AAL2_REQUIRED and OPERATION_IN_PROGRESS), each known validation message for VALIDATION_ERROR,
 * when to try again for RATE_LIMITED (from `retryAfterSeconds`), and the date email recovery
 * returns for RECOVERY_LOCKED. Raw server text is never shown.
 */
export function useErrorText() {
  const { t } = useTranslation(['errors', 'validation']);
  const format = useFormatters();
  const reason = useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError)) return t('errors:UNKNOWN_ERROR');
      if (error.code === 'VALIDATION_ERROR') {
        const ids = [...new Set(issueTexts(error))];
        if (ids.length > 0) return ids.map((id) => t(`validation:${id}`)).join(' ');
      }
      if (error.code === 'RATE_LIMITED') {
        const seconds = numericDetail(error, 'retryAfterSeconds');
        if (seconds !== undefined) {
          return seconds < 60
            ? t('errors:RATE_LIMITED', { context: 'seconds', count: Math.ceil(seconds) })
            : t('errors:RATE_LIMITED', { context: 'minutes', count: Math.ceil(seconds / 60) });
        }
      }
      if (error.code === 'RECOVERY_LOCKED') {
        const availableAt = detail(error, 'availableAt');
        const date = availableAt ? format.dateTime(availableAt) : '';
        if (date) return t('errors:RECOVERY_LOCKED', { date });
      }
      if (error.code === 'INSUFFICIENT_CASH') {
        // The amount in the simulation's own currency, never the display currency's symbol.
        const available = detail(error, 'available');
        const currency = detail(error, 'currency');
        if (available !== undefined && currency && isCurrency(currency)) {
          return t('errors:INSUFFICIENT_CASH', {
            available: format.money(available, { currency, decimals: true }),
          });
        }
      }
      if (error.code === 'TIER_FEATURE') {
        // 'This needs the Premium plan.': the least plan that has the feature, by name.
        const requiredTier = detail(error, 'requiredTier');
        if (isTier(requiredTier) && requiredTier !== 'free')
          return t('errors:TIER_FEATURE', { context: requiredTier });
      }
      const scope = detail(error, 'action') ?? detail(error, 'operation');
      // The figures some messages carry ('Available: {{available}}', '{{amount}} {{currency}}').
      const values = Object.fromEntries(
        Object.entries(error.details ?? {}).filter(
          ([, value]) => typeof value === 'string' || typeof value === 'number',
        ),
      );
      // A plan's limit names the least plan that allows more, where the message has that form.
      const requiredTier = detail(error, 'requiredTier');
      return t(`errors:${error.code}`, {
        ...values,
        status: error.status,
        context:
          scope === 'enroll'
            ? 'enroll'
            : isTier(requiredTier) && requiredTier !== 'free'
              ? requiredTier
              : undefined,
      });
    },
    [t, format],
  );
  return useCallback(
    (error: unknown, situation: ErrorSituation = {}): string => {
      const own = error instanceof ApiError ? situation.byCode?.[error.code] : undefined;
      const text =
        own ??
        (situation.fallback && isUnspecificError(error) ? situation.fallback : reason(error));
      return situation.wrap ? situation.wrap(text) : text;
    },
    [reason],
  );
}

/** Refusals of the caller's plan: their message leads to the plans. */
const PLAN_ERRORS: ReadonlySet<ApiErrorCode> = new Set([
  'TIER_ASSET_LIMIT',
  'TIER_GOAL_LIMIT',
  'TIER_FEATURE',
]);

/** Whether a failed call is a refusal of the caller's plan (a limit or a feature). */
export function isPlanError(error: unknown) {
  return error instanceof ApiError && PLAN_ERRORS.has(error.code);
}

/** The error code of a failed call, if it is one of ours. */
export function errorCodeOf(error: unknown) {
  return error instanceof ApiError ? error.code : null;
}

/**
 * A role="alert" summary of a failed call; renders nothing without an error. A refusal of the
 * plan (a limit, a feature) ends with a "See plans" link to the subscription page.
 */
export function ApiErrorAlert({
  error,
  className,
  children,
  situation,
}: {
  error: unknown;
  className?: string;
  /** Extra content under the message (a retry button). */
  children?: ReactNode;
  /** The spec's text for this failure (see ErrorSituation). */
  situation?: ErrorSituation;
}) {
  const errorText = useErrorText();
  if (!error) return null;
  return (
    <Alert role="alert" tone="error" className={className} title={errorText(error, situation)}>
      {isPlanError(error) ? <SeePlansLink className="text-[13px]" /> : null}
      {children}
    </Alert>
  );
}
