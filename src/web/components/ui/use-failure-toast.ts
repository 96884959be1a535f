import { useEffect } from 'react';
import { toast } from 'sonner';
import { useErrorText, type ErrorSituation } from './api-error-alert';

/**
 * Toasts a query's failure (spec: "shown mostly as a toast"): once per failure, not again while
 * the same error stands; `message` is the situation's text or builds it from the reason.
 */
export function useFailureToast(
  query: { isError: boolean; error: unknown; errorUpdatedAt: number },
  message: string | ErrorSituation,
) {
  const errorText = useErrorText();
  const text =
    query.isError && query.error
      ? typeof message === 'string'
        ? message
        : errorText(query.error, message)
      : null;
  const { errorUpdatedAt } = query;
  useEffect(() => {
    if (text) toast.error(text, { id: `failure:${text}` });
  }, [text, errorUpdatedAt]);
}
