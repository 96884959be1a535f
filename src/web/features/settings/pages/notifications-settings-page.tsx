import { useTranslation } from 'react-i18next';
import { useSettings } from '@/web/lib/settings';
import { NotificationsForm } from '../components/notifications-form';
import {
  SettingsLoadError,
  SettingsPage,
  SettingsSkeleton,
  SettingsUnavailable,
} from '../components/settings-ui';

/** /settings/notifications: which e-mails, how often, push, quiet hours and sign-in alerts. */
export function NotificationsSettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useSettings();
  return (
    <SettingsPage title={t('notifications.title')} description={t('notifications.description')}>
      {settings.isPending ? (
        <SettingsSkeleton sections={[5, 3]} />
      ) : settings.isError ? (
        <SettingsLoadError onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <SettingsUnavailable />
      ) : (
        <NotificationsForm notifications={settings.data.notifications} />
      )}
    </SettingsPage>
  );
}
