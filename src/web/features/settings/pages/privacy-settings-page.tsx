import {
  Bell,
  Database,
  FolderLock,
  HardDrive,
  KeyRound,
  MonitorSmartphone,
  Users,
} from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { i18n } from '@/web/lib/i18n';
import { useSettings } from '@/web/lib/settings';
import { settingsHref } from '@/web/lib/settings-link';
import { useUpdateSettings } from '../api/mutations';
import { CookieConsentSection } from '../components/cookie-consent-section';
import { AccountDeletionSection } from '../components/account-deletion-section';
import { DataExportRow } from '../components/data-export-row';
import { InfoList, InfoRow } from '../components/info-rows';
import {
  SettingRow,
  SettingsLoadError,
  SettingsPage,
  SettingsSection,
  SettingsUnavailable,
} from '../components/settings-ui';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** The sign-in e-mail switch (the same setting as on the security and notifications pages). */
function SignInAlertsSwitch() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const settings = useSettings();
  const update = useUpdateSettings();
  // This part alone depends on the settings: its failure leaves the rest of the page as it is.
  if (settings.isError) return <SettingsLoadError onRetry={() => void settings.refetch()} />;
  if (settings.isSuccess && !settings.data) return <SettingsUnavailable />;
  return (
    <SettingRow
      className="py-0"
      label={<Label htmlFor="privacy-login-notifications">{t('privacy.alerts.label')}</Label>}
      description={
        <span id="privacy-login-notifications-description">{t('privacy.alerts.hint')}</span>
      }
      control={
        settings.data ? (
          <Switch
            change
            id="privacy-login-notifications"
            aria-describedby="privacy-login-notifications-description"
            checked={settings.data.notifications.loginNotifications}
            onCheckedChange={(loginNotifications) =>
              update.mutate(
                { notifications: { loginNotifications } },
                {
                  onSuccess: () => toast.success(i18n.t('settings:notifications.saved')),
                  onError: (error) =>
                    toast.error(i18n.t('settings:notifications.failed'), {
                      description: errorText(error),
                    }),
                },
              )
            }
          />
        ) : (
          <Skeleton className="h-5 w-9 rounded-full" />
        )
      }
    />
  );
}

/** /settings/privacy: what Cairn keeps and where, who sees what, and what you can do about it. */
export function PrivacySettingsPage() {
  const { t } = useTranslation('settings');
  const { search } = useLocation();
  const security = settingsHref('/settings/security', search);

  return (
    <SettingsPage title={t('privacy.title')} description={t('privacy.description')}>
      <SettingsSection
        id="privacy-stored"
        title={t('privacy.stored.title')}
        description={t('privacy.stored.description')}
      >
        <InfoList>
          <InfoRow icon={KeyRound} title={t('privacy.stored.account.title')}>
            {t('privacy.stored.account.text')}
          </InfoRow>
          <InfoRow icon={FolderLock} title={t('privacy.stored.finances.title')}>
            {t('privacy.stored.finances.text')}
          </InfoRow>
          <InfoRow icon={MonitorSmartphone} title={t('privacy.stored.sessions.title')}>
            {t('privacy.stored.sessions.text')}
          </InfoRow>
          <InfoRow icon={Database} title={t('privacy.stored.where.title')}>
            {t('privacy.stored.where.text')}
          </InfoRow>
        </InfoList>
        <p className="mt-4 text-[13px] text-muted-foreground">
          <Trans
            t={t}
            i18nKey="privacy.stored.policies"
            components={{
              privacy: <a href="/privacy" className={linkClass} />,
              cookies: <a href="/cookies" className={linkClass} />,
            }}
          />
        </p>
      </SettingsSection>

      <SettingsSection id="privacy-access" title={t('privacy.access.title')}>
        <InfoList>
          <InfoRow
            icon={Users}
            title={t('privacy.access.portfolios.title')}
            action={
              <Button asChild size="sm" variant="outline">
                <Link to={settingsHref('/portfolio-management', search)}>
                  {t('privacy.access.portfolios.action')}
                </Link>
              </Button>
            }
          >
            {t('privacy.access.portfolios.text')}
          </InfoRow>
          <InfoRow
            icon={MonitorSmartphone}
            title={t('privacy.access.sessions.title')}
            action={
              <Button asChild size="sm" variant="outline">
                <Link to={security}>{t('privacy.access.sessions.action')}</Link>
              </Button>
            }
          >
            {t('privacy.access.sessions.text')}
          </InfoRow>
          <li className="flex gap-3 pt-3">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"
            >
              <Bell className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <SignInAlertsSwitch />
            </div>
          </li>
        </InfoList>
      </SettingsSection>

      <CookieConsentSection />

      <SettingsSection id="privacy-data" title={t('privacy.data.title')}>
        <InfoList>
          <DataExportRow />
          <InfoRow icon={HardDrive} title={t('privacy.data.local.title')}>
            {t('privacy.data.local.text')}
          </InfoRow>
        </InfoList>
      </SettingsSection>

      <AccountDeletionSection />
    </SettingsPage>
  );
}
