import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { HOLDING_CLASSES, type HoldingClass } from '@/contracts/holdings';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { ApiError } from '@/web/lib/api-client';

const isHoldingClass = (value: unknown): value is HoldingClass =>
  typeof value === 'string' && (HOLDING_CLASSES as readonly string[]).includes(value);

/**
 * A failed holdings call as translated text. 'Asset not found' is said in the class's words
 * (spec 002, section 8: 'Cryptocurrency not found', 'Savings account not found', ...): the class
 * the server names in `details.class`, else the class of the holding acted on.
 */
export function useHoldingErrorText() {
  const { t } = useTranslation('holdings');
  const errorText = useErrorText();
  return useCallback(
    (error: unknown, holdingClass?: HoldingClass): string => {
      if (error instanceof ApiError && error.code === 'HOLDING_NOT_FOUND') {
        const named = error.details?.class;
        return t(`notFound.${isHoldingClass(named) ? named : (holdingClass ?? 'generic')}`);
      }
      return errorText(error);
    },
    [t, errorText],
  );
}
