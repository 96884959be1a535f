import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@/contracts/i18n';
import { intlLocale } from '@/web/lib/format';

/** The Intl locale of the current language ('en-US', 'fr-FR'); re-renders on a language change. */
export function useLocale() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return intlLocale(isLanguage(language) ? language : 'en');
}

/** The current time, refreshed every `intervalMs` (a minute for '5 minutes ago', a second for a countdown). */
export function useNow(intervalMs = 60_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
