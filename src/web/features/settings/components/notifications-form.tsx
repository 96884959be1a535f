import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import {
  EMAIL_FREQUENCIES,
  type NotificationSettings,
  notificationSettingsSchema,
} from '@/contracts/settings';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/select';
import { Switch } from '@/web/components/ui/switch';
import { i18n } from '@/web/lib/i18n';
import { settingsHref } from '@/web/lib/settings-link';
import { useUpdateSettings } from '../api/mutations';
import { PushBrowserStatus, useBrowserPush } from './browser-push';
import { FormActions, SettingRow, SettingsSection } from './settings-ui';

type Field = keyof NotificationSettings;
const FIELDS = Object.keys(notificationSettingsSchema.shape) as Field[];

/** Only the notification settings that differ from what is saved. */
export function notificationChanges(
  saved: NotificationSettings,
  values: NotificationSettings,
): Partial<NotificationSettings> {
  const changes: Partial<NotificationSettings> = {};
  for (const field of FIELDS) {
    if (values[field] !== saved[field]) Object.assign(changes, { [field]: values[field] });
  }
  return changes;
}

type SwitchField = {
  [K in Field]: NotificationSettings[K] extends boolean ? K : never;
}[Field];

/** Every notification setting (spec 001, section 3), saved together: only what changed is sent. */
export function NotificationsForm({ notifications }: { notifications: NotificationSettings }) {
  const { t } = useTranslation('settings');
  const { search } = useLocation();
  const validationText = useValidationText();
  const errorText = useErrorText();
  const update = useUpdateSettings();
  const form = useForm<NotificationSettings>({
    resolver: zodResolver(notificationSettingsSchema),
    mode: 'onChange',
    values: notifications,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;
  const quietHours = useWatch({ control: form.control, name: 'quietHoursEnabled' });
  const pushEnabled = useWatch({ control: form.control, name: 'pushEnabled' });
  const push = useBrowserPush((checked) =>
    form.setValue('pushEnabled', checked, { shouldDirty: true, shouldValidate: true }),
  );

  const onSubmit = form.handleSubmit((values) => {
    const changes = notificationChanges(notifications, values);
    if (Object.keys(changes).length === 0) return;
    update.mutate(
      { notifications: changes },
      {
        onSuccess: ({ settings }) => {
          toast.success(i18n.t('settings:notifications.saved'));
          form.reset(settings.notifications);
        },
        onError: (error) =>
          toast.error(i18n.t('settings:notifications.failed'), { description: errorText(error) }),
      },
    );
  });

  const toggle = (
    field: SwitchField,
    label: string,
    description: ReactNode,
    options: { locked?: boolean } = {},
  ) => (
    <SettingRow
      key={field}
      label={<Label htmlFor={`notifications-${field}`}>{label}</Label>}
      description={<span id={`notifications-${field}-description`}>{description}</span>}
      control={
        <Controller
          control={form.control}
          name={field}
          render={({ field: { value, onChange, onBlur, ref } }) =>
            options.locked ? (
              // Always sent: shown on, and not a choice.
              <Switch
                id={`notifications-${field}`}
                aria-describedby={`notifications-${field}-description`}
                checked
                disabled
              />
            ) : (
              <Switch
                id={`notifications-${field}`}
                aria-describedby={`notifications-${field}-description`}
                checked={value}
                onCheckedChange={onChange}
                onBlur={onBlur}
                ref={ref}
              />
            )
          }
        />
      }
    />
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <SettingsSection
        id="notifications-email"
        title={t('notifications.email.title')}
        description={t('notifications.email.description')}
      >
        <div className="-my-3 divide-y">
          {toggle(
            'emailSecurity',
            t('notifications.email.security.label'),
            t('notifications.email.security.hint'),
            { locked: true },
          )}
          {toggle(
            'emailTransactions',
            t('notifications.email.transactions.label'),
            t('notifications.email.transactions.hint'),
          )}
          {toggle(
            'emailGoals',
            t('notifications.email.goals.label'),
            t('notifications.email.goals.hint'),
          )}
          {toggle(
            'emailInsights',
            t('notifications.email.insights.label'),
            t('notifications.email.insights.hint'),
          )}
          <div className="grid gap-2 py-3 sm:grid-cols-[1fr_12rem] sm:items-center sm:gap-6">
            <div className="grid gap-0.5">
              <Label htmlFor="notifications-emailFrequency">
                {t('notifications.email.frequency.label')}
              </Label>
              <p
                id="notifications-emailFrequency-description"
                className="text-[13px] text-muted-foreground"
              >
                {t('notifications.email.frequency.hint')}
              </p>
            </div>
            <NativeSelect
              id="notifications-emailFrequency"
              aria-describedby="notifications-emailFrequency-description"
              className="w-full"
              {...form.register('emailFrequency')}
            >
              {EMAIL_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {t(`notifications.email.frequency.options.${frequency}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </SettingsSection>

      <SettingsSection
        id="notifications-sign-in"
        title={t('notifications.signIn.title')}
        description={
          <Trans
            t={t}
            i18nKey="notifications.signIn.description"
            components={{
              security: (
                <Link
                  to={settingsHref('/settings/security', search)}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                />
              ),
            }}
          />
        }
      >
        <div className="-my-3">
          {toggle(
            'loginNotifications',
            t('notifications.signIn.label'),
            t('notifications.signIn.hint'),
          )}
        </div>
      </SettingsSection>

      <SettingsSection
        id="notifications-push"
        title={t('notifications.push.title')}
        description={t('notifications.push.description')}
      >
        <div className="-my-3 divide-y">
          <SettingRow
            label={
              <span className="flex flex-wrap items-center gap-2">
                <Label htmlFor="notifications-pushEnabled">
                  {t('notifications.push.enabled.label')}
                </Label>
              </span>
            }
            description={
              <>
                <span id="notifications-pushEnabled-description">
                  {t('notifications.push.enabled.hint')}
                </span>
                <PushBrowserStatus
                  id="notifications-pushEnabled-browser"
                  enabled={pushEnabled}
                  state={push.state}
                  failure={push.failure}
                  busy={push.busy}
                  onTurnOn={() => void push.turnOn()}
                />
              </>
            }
            control={
              <Switch
                change
                id="notifications-pushEnabled"
                aria-describedby="notifications-pushEnabled-description notifications-pushEnabled-browser"
                checked={pushEnabled}
                disabled={push.busy || push.state === null}
                onCheckedChange={(checked) => void (checked ? push.turnOn() : push.turnOff())}
              />
            }
          />
          {toggle(
            'quietHoursEnabled',
            t('notifications.push.quietHours.label'),
            t('notifications.push.quietHours.hint'),
          )}
          <div className="grid grid-cols-2 gap-4 py-3 sm:max-w-sm">
            <FormField
              id="notifications-quietHoursStart"
              label={t('notifications.push.quietHours.start')}
              error={validationText(errors.quietHoursStart?.message)}
            >
              {(control) => (
                <Input
                  {...control}
                  type="time"
                  disabled={!quietHours}
                  className="tabular"
                  {...form.register('quietHoursStart')}
                />
              )}
            </FormField>
            <FormField
              id="notifications-quietHoursEnd"
              label={t('notifications.push.quietHours.end')}
              error={validationText(errors.quietHoursEnd?.message)}
            >
              {(control) => (
                <Input
                  {...control}
                  type="time"
                  disabled={!quietHours}
                  className="tabular"
                  {...form.register('quietHoursEnd')}
                />
              )}
            </FormField>
          </div>
        </div>
      </SettingsSection>

      <div className="sticky bottom-3 z-10 flex flex-wrap items-center justify-end gap-2 rounded-lg border bg-card/95 px-4 py-2.5 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-card/80">
        <p className="mr-auto text-[13px] text-muted-foreground" aria-live="polite">
          {isDirty ? t('actions.unsaved') : t('actions.upToDate')}
        </p>
        <FormActions
          dirty={isDirty}
          pending={update.isPending}
          onCancel={() => form.reset(notifications)}
        />
      </div>
    </form>
  );
}
