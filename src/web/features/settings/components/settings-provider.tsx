import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getColorMode, setColorMode } from '@/web/lib/color-mode';
import { changeLanguage, currentLanguage, i18n, onLanguageChosen } from '@/web/lib/i18n';
import { type FormatPreferences, FormatPreferencesProvider } from '@/web/lib/preferences';
import { useSettings } from '@/web/lib/settings';
import { useUpdateSettings } from '../api/mutations';
import { applyThemeAttributes } from '../lib/apply-theme';
import { resolveLanguage } from '../lib/language';

/**
 * Applies the signed-in user's settings to the whole app as soon as they load and whenever they
 * change: the language (the server's preference wins over this browser's saved choice), the
 * currency, date and number formats and time zone (for every `useFormatters()` below), the colour
 * mode, font size and contrast. A language picked in the header's menu becomes the preference.
 */
export function SettingsProvider({ children }: { children: ReactNode }) {
  // The header's failure message below is in this namespace.
  useTranslation('settings');
  const settings = useSettings();
  const update = useUpdateSettings();
  const data = settings.data;

  const languagePreference = data?.preferences.language;
  useEffect(() => {
    if (!languagePreference) return;
    const language = resolveLanguage(languagePreference);
    if (currentLanguage() !== language) void changeLanguage(language);
  }, [languagePreference]);

  const preferenceRef = useRef(languagePreference);
  useEffect(() => {
    preferenceRef.current = languagePreference;
  }, [languagePreference]);
  const { mutate } = update;
  useEffect(
    () =>
      onLanguageChosen((language) => {
        const preference = preferenceRef.current;
        if (!preference || resolveLanguage(preference) === language) return;
        mutate(
          { preferences: { language } },
          { onError: () => toast.error(i18n.t('settings:preferences.failed')) },
        );
      }),
    [mutate],
  );

  const mode = data?.theme.mode;
  useEffect(() => {
    if (mode && getColorMode() !== mode) setColorMode(mode);
  }, [mode]);

  const fontSize = data?.theme.fontSize;
  const contrast = data?.theme.contrast;
  useEffect(() => {
    if (!fontSize || !contrast) return;
    applyThemeAttributes({ fontSize, contrast });
    return () => applyThemeAttributes(null);
  }, [fontSize, contrast]);

  const preferences = data?.preferences;
  const timeZone = data?.account.timezone ?? null;
  const formats = useMemo<FormatPreferences | null>(
    () =>
      preferences
        ? {
            currency: preferences.currency,
            dateFormat: preferences.dateFormat,
            numberFormat: preferences.numberFormat,
            timeZone,
          }
        : null,
    [preferences, timeZone],
  );

  return <FormatPreferencesProvider value={formats}>{children}</FormatPreferencesProvider>;
}
