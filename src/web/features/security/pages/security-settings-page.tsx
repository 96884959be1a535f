import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginNotificationsCard } from '../components/login-notifications-card';
import { PasswordCard } from '../components/password-card';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';

/** /settings/security: two-factor authentication, active sessions, password, sign-in e-mails. */
export function SecuritySettingsPage() {
  const { t } = useTranslation('security');
  const title = t('documentTitle', { page: t('title') });
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5">
      <header className="grid gap-1">
        <h1 className="text-xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('description')}</p>
      </header>
      <TwoFactorCard />
      <SessionsCard />
      <PasswordCard />
      <LoginNotificationsCard />
    </div>
  );
}
