import { type ReactNode, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  CURRENCIES,
  DATE_FORMATS,
  LANGUAGE_PREFERENCES,
  NUMBER_FORMATS,
  type Preferences,
} from '@/contracts/settings';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/select';
import { formatDate, formatMoney, formatNumber } from '@/web/lib/format';
import { changeLanguage, currentLanguage, i18n } from '@/web/lib/i18n';
import { useFormatters } from '@/web/lib/preferences';
import { useUpdateSettings } from '../api/mutations';
import { resolveLanguage } from '../lib/language';
import { FormActions, SettingsSection } from './settings-ui';

/** Only the preferences that differ from what is saved. */
export function preferenceChanges(saved: Preferences, values: Preferences): Partial<Preferences> {
  const changes: Partial<Preferences> = {};
  for (const field of ['language', 'currency', 'dateFormat', 'numberFormat'] as const) {
    if (values[field] !== saved[field]) Object.assign(changes, { [field]: values[field] });
  }
  return changes;
}

const SAMPLE_AMOUNT = 1234.56;

function PreferenceRow({
  id,
  label,
  example,
  children,
}: {
  id: string;
  label: string;
  example: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2 py-4 first:pt-0 last:pb-0 sm:grid-cols-[1fr_15rem] sm:items-center sm:gap-6">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-example`} className="tabular text-[13px] text-muted-foreground">
          {example}
        </p>
      </div>
      {children}
    </div>
  );
}

/**
 * Language, currency, date format and number format, each with an example of what it gives.
 * Saved, they apply across the app at once (rolled back if saving fails).
 */
export function PreferencesForm({ preferences }: { preferences: Preferences }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const { language, locale } = useFormatters();
  const update = useUpdateSettings();
  const form = useForm<Preferences>({
    values: preferences,
    resetOptions: { keepDirtyValues: true },
  });
  const { isDirty } = form.formState;
  const values = { ...preferences, ...useWatch({ control: form.control }) };
  const today = useMemo(() => new Date(), []);
  const example = (text: string) => t('preferences.example', { example: text });

  const onSubmit = form.handleSubmit((next) => {
    const changes = preferenceChanges(preferences, next);
    if (Object.keys(changes).length === 0) return;
    update.mutate(
      { preferences: changes },
      {
        onSuccess: ({ settings }) => {
          form.reset(settings.preferences);
          // Said in the language just chosen.
          const saved = resolveLanguage(settings.preferences.language);
          const ready = currentLanguage() === saved ? Promise.resolve() : changeLanguage(saved);
          void ready.then(() => toast.success(i18n.t('settings:preferences.saved')));
        },
        onError: (error) => {
          toast.error(i18n.t('settings:preferences.failed'), { description: errorText(error) });
        },
      },
    );
  });

  const browser = resolveLanguage('auto');

  return (
    <form noValidate onSubmit={onSubmit}>
      <SettingsSection
        id="preferences-display"
        title={t('preferences.section.title')}
        description={t('preferences.section.description')}
        footer={
          <FormActions
            dirty={isDirty}
            pending={update.isPending}
            onCancel={() => form.reset(preferences)}
          />
        }
      >
        <div className="divide-y">
          <PreferenceRow
            id="preferences-language"
            label={t('preferences.language.label')}
            example={
              values.language === 'auto'
                ? t('preferences.language.autoExample', {
                    language: t(`preferences.language.names.${browser}`),
                  })
                : t('preferences.language.example')
            }
          >
            <NativeSelect
              id="preferences-language"
              aria-describedby="preferences-language-example"
              className="w-full"
              {...form.register('language')}
            >
              {LANGUAGE_PREFERENCES.map((option) => (
                <option key={option} value={option} lang={option === 'auto' ? undefined : option}>
                  {t(`preferences.language.options.${option}`)}
                </option>
              ))}
            </NativeSelect>
          </PreferenceRow>
          <PreferenceRow
            id="preferences-currency"
            label={t('preferences.currency.label')}
            example={example(
              formatMoney(SAMPLE_AMOUNT, values.currency, language, {
                decimals: true,
                numberFormat: values.numberFormat,
              }),
            )}
          >
            <NativeSelect
              id="preferences-currency"
              aria-describedby="preferences-currency-example"
              className="w-full"
              {...form.register('currency')}
            >
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {t(`preferences.currency.options.${currency}`)}
                </option>
              ))}
            </NativeSelect>
          </PreferenceRow>
          <PreferenceRow
            id="preferences-date-format"
            label={t('preferences.dateFormat.label')}
            example={t('preferences.dateFormat.example', {
              date: formatDate(today, locale, { dateFormat: values.dateFormat }),
            })}
          >
            <NativeSelect
              id="preferences-date-format"
              aria-describedby="preferences-date-format-example"
              className="w-full"
              {...form.register('dateFormat')}
            >
              {DATE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {t(`preferences.dateFormat.options.${format.replace(/\//g, '-')}`)}
                </option>
              ))}
            </NativeSelect>
          </PreferenceRow>
          <PreferenceRow
            id="preferences-number-format"
            label={t('preferences.numberFormat.label')}
            example={example(formatNumber(SAMPLE_AMOUNT, language, 2, values.numberFormat))}
          >
            <NativeSelect
              id="preferences-number-format"
              aria-describedby="preferences-number-format-example"
              className="w-full"
              {...form.register('numberFormat')}
            >
              {NUMBER_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {t(`preferences.numberFormat.options.${format}`, {
                    // A native select draws the narrow no-break space too thin to see.
                    example: formatNumber(SAMPLE_AMOUNT, language, 2, format).replace(
                      /\u202f/g,
                      '\u00a0',
                    ),
                  })}
                </option>
              ))}
            </NativeSelect>
          </PreferenceRow>
        </div>
      </SettingsSection>
    </form>
  );
}
