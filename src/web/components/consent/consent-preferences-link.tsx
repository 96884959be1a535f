import { useTranslation } from 'react-i18next';
import { openConsentPreferences } from '@/web/lib/consent/consent-events';

/** "Cookie preferences": reopens the consent panel (footers, user menu). */
export function ConsentPreferencesLink({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className={className}
      onClick={openConsentPreferences}
    >
      {t('footer.cookiePreferences')}
    </button>
  );
}
