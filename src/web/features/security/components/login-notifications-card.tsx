import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { useUpdateSecuritySettings } from '../api/mutations';
import { useSecuritySettings } from '../api/queries';
import { LoadError, SectionCard } from './section-card';

/** An e-mail on each new sign-in: on or off, saved at once (rolled back if saving fails). */
export function LoginNotificationsCard() {
  const { t } = useTranslation('security');
  const settings = useSecuritySettings();
  const update = useUpdateSecuritySettings();

  return (
    <SectionCard id="notifications" title={t('notifications.title')}>
      {settings.isError ? (
        <LoadError onRetry={() => void settings.refetch()} />
      ) : (
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor="login-notifications">{t('notifications.label')}</Label>
            <p id="login-notifications-description" className="text-muted-foreground">
              {t('notifications.description')}
            </p>
          </div>
          {settings.isPending ? (
            <Skeleton className="h-5 w-9 rounded-full" />
          ) : (
            <Switch
              change
              id="login-notifications"
              aria-describedby="login-notifications-description"
              checked={settings.data.loginNotifications}
              onCheckedChange={(loginNotifications) =>
                update.mutate(
                  { loginNotifications },
                  {
                    onSuccess: () => toast.success(t('notifications.saved')),
                    onError: () => toast.error(t('notifications.failed')),
                  },
                )
              }
            />
          )}
        </div>
      )}
    </SectionCard>
  );
}
