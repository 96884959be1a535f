import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to '<page> · Cairn' in the current language. */
export function useDocumentTitle(page: string) {
  const { t } = useTranslation('portfolios');
  const title = t('documentTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
