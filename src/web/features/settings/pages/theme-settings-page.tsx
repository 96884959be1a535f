import { Contrast as ContrastIcon, Monitor, Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CONTRASTS, FONT_SIZES, THEME_MODES, type ThemeSettings } from '@/contracts/settings';
import { Badge } from '@/web/components/ui/badge';
import { useErrorText } from '@/web/components/ui/api-error-alert';
import { i18n } from '@/web/lib/i18n';
import { useSettings } from '@/web/lib/settings';
import { useUpdateSettings } from '../api/mutations';
import { RadioCards } from '../components/radio-cards';
import {
  SettingsLoadError,
  SettingsPage,
  SettingsSection,
  SettingsSkeleton,
  SettingsUnavailable,
} from '../components/settings-ui';

const MODE_ICONS = { system: Monitor, light: Sun, dark: Moon } as const;
const FONT_PREVIEW = { small: 'text-xs', medium: 'text-sm', large: 'text-base' } as const;

/** Mode, font size and contrast: each choice applies and is saved at once (undone if saving fails). */
function ThemeForm({ theme }: { theme: ThemeSettings }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const update = useUpdateSettings();
  // The choice shows at once (the cache's optimistic copy arrives a moment later); it follows the
  // saved theme again whenever that changes (saved elsewhere, or rolled back).
  const [choice, setChoice] = useState(theme);
  const [saved, setSaved] = useState(theme);
  if (saved !== theme) {
    setSaved(theme);
    setChoice(theme);
  }

  const save = (patch: Partial<ThemeSettings>) => {
    setChoice((current) => ({ ...current, ...patch }));
    update.mutate(
      { theme: patch },
      {
        onSuccess: () => toast.success(i18n.t('settings:theme.saved')),
        onError: (error) =>
          toast.error(i18n.t('settings:theme.failed'), { description: errorText(error) }),
      },
    );
  };

  return (
    <>
      <SettingsSection
        id="theme-appearance"
        title={t('theme.appearance.title')}
        description={t('theme.appearance.description')}
      >
        <div className="grid gap-6">
          <RadioCards
            name="theme-mode"
            legend={t('theme.mode.label')}
            value={choice.mode}
            onChange={(mode) => save({ mode })}
            options={THEME_MODES.map((mode) => {
              const Icon = MODE_ICONS[mode];
              return {
                value: mode,
                label: t(`theme.mode.options.${mode}`),
                preview: <Icon className="size-4 text-muted-foreground" />,
              };
            })}
          />
          <RadioCards
            name="theme-font-size"
            legend={t('theme.fontSize.label')}
            description={t('theme.fontSize.hint')}
            value={choice.fontSize}
            onChange={(fontSize) => save({ fontSize })}
            options={FONT_SIZES.map((size) => ({
              value: size,
              label: t(`theme.fontSize.options.${size}`),
              preview: (
                <span className={`${FONT_PREVIEW[size]} font-semibold text-muted-foreground`}>
                  {t('theme.fontSize.sample')}
                </span>
              ),
            }))}
          />
          <RadioCards
            name="theme-contrast"
            legend={t('theme.contrast.label')}
            value={choice.contrast}
            columns={2}
            onChange={(contrast) => save({ contrast })}
            options={CONTRASTS.map((contrast) => ({
              value: contrast,
              label: t(`theme.contrast.options.${contrast}`),
              description: t(`theme.contrast.hints.${contrast}`),
              preview: <ContrastIcon className="size-4 text-muted-foreground" />,
            }))}
          />
        </div>
      </SettingsSection>
      <SettingsSection
        id="theme-colours"
        title={t('theme.colours.title')}
        description={t('theme.colours.description')}
      >
        <div className="flex flex-wrap items-center gap-3">
          <span className="flex gap-1" aria-hidden="true">
            {['bg-primary', 'bg-accent', 'bg-muted', 'bg-gain', 'bg-loss'].map((swatch) => (
              <span key={swatch} className={`size-5 rounded-full border ${swatch}`} />
            ))}
          </span>
          <span className="font-medium">
            {theme.colorScheme === 'default' ? t('theme.colours.default') : theme.colorScheme}
          </span>
          <Badge variant="secondary">{t('theme.colours.current')}</Badge>
        </div>
      </SettingsSection>
    </>
  );
}

/** /settings/theme: colour mode, font size, contrast and the colour scheme. */
export function ThemeSettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useSettings();
  return (
    <SettingsPage title={t('theme.title')} description={t('theme.description')}>
      {settings.isPending ? (
        <SettingsSkeleton sections={[3, 1]} />
      ) : settings.isError ? (
        <SettingsLoadError onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <SettingsUnavailable />
      ) : (
        <ThemeForm theme={settings.data.theme} />
      )}
    </SettingsPage>
  );
}
