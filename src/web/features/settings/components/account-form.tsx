import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '@/contracts/auth';
import { type AccountSettings, BIO_MAX, isTimeZone } from '@/contracts/settings';
import { VALIDATION_MESSAGES as M } from '@/contracts/validation-messages';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { FormField, useValidationText } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { i18n } from '@/web/lib/i18n';
import { useFormatters } from '@/web/lib/preferences';
import { useUpdateSettings } from '../api/mutations';
import { deviceTimeZone, timeIn, timeZones } from '../lib/time-zones';
import { FormActions, SettingsSection } from './settings-ui';

const schema = z.object({
  displayName: z.string().trim().max(NAME_MAX_LENGTH, M.nameMax),
  bio: z.string().trim().max(BIO_MAX, M.bioMax),
  timezone: z
    .string()
    .trim()
    .refine((value) => value === '' || isTimeZone(value), M.timezoneInvalid),
});
type AccountForm = z.input<typeof schema>;
type AccountValues = z.output<typeof schema>;

const formValues = (account: AccountSettings): AccountForm => ({
  displayName: account.displayName ?? '',
  bio: account.bio ?? '',
  timezone: account.timezone ?? '',
});

/** Only the fields that differ from what is saved ('' is saved as null). */
export function accountChanges(saved: AccountSettings, values: AccountValues) {
  const changes: { displayName?: string | null; bio?: string | null; timezone?: string | null } =
    {};
  for (const field of ['displayName', 'bio', 'timezone'] as const) {
    const next = values[field] || null;
    if (next !== (saved[field] ?? null)) changes[field] = next;
  }
  return changes;
}

/** Display name, bio (with its counter) and time zone (searchable, this device's suggested). */
export function AccountForm({
  account,
  fallbackName,
}: {
  account: AccountSettings;
  fallbackName: string;
}) {
  const { t } = useTranslation('settings');
  const validationText = useValidationText();
  const errorText = useErrorText();
  const { locale } = useFormatters();
  const update = useUpdateSettings();
  const form = useForm<AccountForm, unknown, AccountValues>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    values: formValues(account),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;
  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';
  const timezone = useWatch({ control: form.control, name: 'timezone' }) ?? '';
  const device = deviceTimeZone();
  const localTime = timezone ? timeIn(timezone, locale) : '';

  const onSubmit = form.handleSubmit((values) => {
    const changes = accountChanges(account, values);
    if (Object.keys(changes).length === 0) {
      form.reset(formValues(account));
      return;
    }
    update.mutate(
      { account: changes },
      {
        onSuccess: ({ settings }) => {
          toast.success(i18n.t('settings:account.saved'));
          form.reset(formValues(settings.account));
        },
        onError: (error) =>
          toast.error(i18n.t('settings:account.failed'), { description: errorText(error) }),
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <SettingsSection
        id="account-details"
        title={t('account.details.title')}
        description={t('account.details.description')}
        footer={
          <FormActions
            dirty={isDirty}
            pending={update.isPending}
            onCancel={() => form.reset(formValues(account))}
          />
        }
      >
        <div className="grid max-w-md gap-5">
          <FormField
            id="settings-display-name"
            label={t('account.displayName.label')}
            description={t('account.displayName.hint', { name: fallbackName })}
            error={validationText(errors.displayName?.message)}
          >
            {(control) => (
              <Input {...control} autoComplete="nickname" {...form.register('displayName')} />
            )}
          </FormField>
          <FormField
            id="settings-bio"
            label={t('account.bio.label')}
            labelAside={
              <span
                className={
                  bio.length > BIO_MAX
                    ? 'tabular text-xs font-medium text-destructive'
                    : 'tabular text-xs text-muted-foreground'
                }
                aria-live="polite"
              >
                {t('account.bio.counter', { count: bio.length, max: BIO_MAX })}
              </span>
            }
            description={t('account.bio.hint')}
            error={validationText(errors.bio?.message)}
          >
            {(control) => <Textarea {...control} rows={4} {...form.register('bio')} />}
          </FormField>
          <FormField
            id="settings-timezone"
            label={t('account.timezone.label')}
            description={
              localTime
                ? t('account.timezone.hintTime', { time: localTime })
                : t('account.timezone.hint')
            }
            error={validationText(errors.timezone?.message)}
            below={
              device && device !== timezone ? (
                <Button
                  change
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto justify-self-start px-0 text-[13px]"
                  onClick={() =>
                    form.setValue('timezone', device, { shouldDirty: true, shouldValidate: true })
                  }
                >
                  <MapPin aria-hidden="true" />
                  {t('account.timezone.useDevice', { zone: device })}
                </Button>
              ) : null
            }
          >
            {(control) => (
              <>
                <Input
                  {...control}
                  list="settings-timezone-options"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={t('account.timezone.placeholder')}
                  {...form.register('timezone')}
                />
                <datalist id="settings-timezone-options">
                  {timeZones().map((zone) => (
                    <option key={zone} value={zone} />
                  ))}
                </datalist>
              </>
            )}
          </FormField>
        </div>
      </SettingsSection>
    </form>
  );
}
