import { ImageUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { UserAvatar } from '@/web/components/user-avatar';
import { displayNameOf } from '@/web/lib/display-name';
import { useSession } from '@/web/lib/session';
import { useSettings } from '@/web/lib/settings';
import { settingsHref } from '@/web/lib/settings-link';
import { AccountForm } from '../components/account-form';
import {
  SettingsLoadError,
  SettingsPage,
  SettingsSection,
  SettingsSkeleton,
  SettingsUnavailable,
} from '../components/settings-ui';

/** /settings/account: the photo (changed on the profile page), display name, bio and time zone. */
export function AccountSettingsPage() {
  const { t } = useTranslation(['settings', 'profile']);
  const { search } = useLocation();
  const settings = useSettings();
  const session = useSession();
  const user = session.data?.user;
  const fullNameOrEmail = displayNameOf(
    { fullName: user?.fullName, email: user?.email },
    t('profile:userFallback'),
  );
  const name = displayNameOf(
    {
      displayName: settings.data?.account.displayName,
      fullName: user?.fullName,
      email: user?.email,
    },
    t('profile:userFallback'),
  );

  return (
    <SettingsPage title={t('account.title')} description={t('account.description')}>
      {settings.isPending ? (
        <SettingsSkeleton sections={[1, 3]} />
      ) : settings.isError ? (
        <SettingsLoadError onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <SettingsUnavailable />
      ) : (
        <>
          <SettingsSection id="account-photo" title={t('account.photo.title')}>
            <div className="flex flex-wrap items-center gap-4">
              <UserAvatar
                avatarUrl={settings.data.account.avatarUrl}
                name={name}
                className="size-14"
                fallbackClassName="text-base"
              />
              <div className="grid min-w-48 flex-1 gap-1">
                <p className="font-medium">{name}</p>
                <p className="text-[13px] text-muted-foreground">{t('account.photo.hint')}</p>
              </div>
              <Button asChild size="sm" variant="outline">
                <Link to={settingsHref('/profile', search)}>
                  <ImageUp aria-hidden="true" />
                  {settings.data.account.avatarUrl
                    ? t('account.photo.change')
                    : t('account.photo.add')}
                </Link>
              </Button>
            </div>
          </SettingsSection>
          <AccountForm account={settings.data.account} fallbackName={fullNameOrEmail} />
        </>
      )}
    </SettingsPage>
  );
}
