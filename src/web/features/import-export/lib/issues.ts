import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isErrorCode } from '@/contracts/error-codes';
import { type ImportIssue, isImportIssueId } from '@/contracts/import-export';
import { validationMessageId } from '@/contracts/validation-messages';

/** The issues an IMPORT_INVALID answer carries, or null for any other failure. */
export function rejectedIssues(details: Record<string, unknown> | null): {
  errors: ImportIssue[];
  errorCount: number;
} | null {
  const errors = details?.errors;
  if (!Array.isArray(errors)) return null;
  const count = details?.errorCount;
  return {
    errors: errors as ImportIssue[],
    errorCount: typeof count === 'number' ? count : errors.length,
  };
}

/**
 * An import issue in the reader's language: an API error code (a ledger refusal, the plan's
 * limit), a shared validation message, or an import message; raw server text is never shown.
 */
export function useIssueText() {
  const { t } = useTranslation(['importExport', 'validation', 'errors']);
  return useCallback(
    (issue: ImportIssue) => {
      const code = issue.code ?? '';
      const params = issue.params ?? {};
      if (isErrorCode(code)) return t(`errors:${code}`, params);
      const validation = validationMessageId(issue.message);
      if (validation) return t(`validation:${validation}`);
      if (isImportIssueId(code)) return t(`importExport:issues.${code}`, params);
      return t('importExport:issues.invalid');
    },
    [t],
  );
}

/** A target field's label ('purchasePrice' -> 'Purchase price'). */
export function useFieldLabel() {
  const { t } = useTranslation('importExport');
  return useCallback((field: string) => t(`fields.${field}`, { defaultValue: field }), [t]);
}
