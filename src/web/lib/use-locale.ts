import { useTranslation } from 'react-i18next';
import { isLanguage } from '@/contracts/i18n';
import { intlLocale } from './format';

/** The Intl locale of the current language ('en-US', 'fr-FR'); re-renders on a language change. */
export function useLocale() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return intlLocale(isLanguage(language) ? language : 'en');
}
