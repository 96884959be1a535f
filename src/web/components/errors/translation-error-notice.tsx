import { useState, useSyncExternalStore } from 'react';
import { onTranslationFailure, translationFailures } from '@/web/lib/i18n';
import { TranslationErrorCard } from './error-card';

const subscribe = (listener: () => void) => onTranslationFailure(listener);
const getSize = () => translationFailures().size;

/** Shows the Translation Loading Error card when a namespace failed to load, above the page. */
export function TranslationErrorNotice() {
  const failureCount = useSyncExternalStore(subscribe, getSize, () => 0);
  const [dismissedAt, setDismissedAt] = useState(0);
  if (failureCount === 0 || failureCount <= dismissedAt) return null;
  return (
    <div className="fixed inset-x-0 bottom-4 z-50 px-4">
      <TranslationErrorCard
        onRetry={() => window.location.reload()}
        onDismiss={() => setDismissedAt(failureCount)}
      />
    </div>
  );
}
