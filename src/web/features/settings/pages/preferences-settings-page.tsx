import { useTranslation } from 'react-i18next';
import { useSettings } from '@/web/lib/settings';
import { PreferencesForm } from '../components/preferences-form';
import {
  SettingsLoadError,
  SettingsPage,
  SettingsSkeleton,
  SettingsUnavailable,
} from '../components/settings-ui';

/** /settings/preferences: language, currency, date and number formats. */
export function PreferencesSettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useSettings();
  return (
    <SettingsPage title={t('preferences.title')} description={t('preferences.description')}>
      {settings.isPending ? (
        <SettingsSkeleton sections={[4]} />
      ) : settings.isError ? (
        <SettingsLoadError onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <SettingsUnavailable />
      ) : (
        <PreferencesForm preferences={settings.data.preferences} />
      )}
    </SettingsPage>
  );
}
