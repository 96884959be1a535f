import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/contracts/i18n';
import type { Currency, DateFormat, NumberFormat } from '@/contracts/settings';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  intlLocale,
} from './format';

/**
 * How the signed-in user wants amounts and dates shown (settings: preferences and time zone).
 * Null outside the signed-in area and while the settings load: the language's defaults apply.
 */
export type FormatPreferences = {
  currency: Currency;
  dateFormat: DateFormat;
  numberFormat: NumberFormat;
  timeZone: string | null;
};

const FormatPreferencesContext = createContext<FormatPreferences | null>(null);

/** Gives every formatter below it the user's preferences (the settings feature mounts it). */
export function FormatPreferencesProvider({
  value,
  children,
}: {
  value: FormatPreferences | null;
  children: ReactNode;
}) {
  return (
    <FormatPreferencesContext.Provider value={value}>{children}</FormatPreferencesContext.Provider>
  );
}

export function useFormatPreferences(): FormatPreferences | null {
  return useContext(FormatPreferencesContext);
}

export type Formatters = {
  language: Language;
  /** The Intl locale of the language ('en-US', 'fr-FR'). */
  locale: string;
  /**
   * The user's preferred currency (EUR until they choose another): the default of new portfolios,
   * never a label for amounts (an amount shows in its own currency).
   */
  currency: Currency;
  /**
   * An amount in its own currency: `currency` is required. Formatting an amount with another
   * currency's symbol would relabel it (104 EUR is not 104 $); convert it first.
   */
  money: (
    amount: number | string,
    options: { currency: Currency; decimals?: boolean; signed?: boolean; compact?: boolean },
  ) => string;
  number: (value: number | string, maximumFractionDigits?: number) => string;
  percent: (percent: number | string, options?: { decimals?: number; signed?: boolean }) => string;
  date: (date: string | Date) => string;
  dateTime: (date: string | Date, options?: { dateStyle?: 'long' | 'medium' }) => string;
};

/**
 * The formatting functions of web/lib/format.ts bound to the current language and the user's
 * preferences (currency, date and number formats, time zone); re-renders when either changes.
 * Every signed-in screen formats through this hook so a change in the settings shows everywhere.
 */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language: Language = isLanguage(resolved) ? resolved : DEFAULT_LANGUAGE;
  const preferences = useFormatPreferences();
  return useMemo(() => {
    const locale = intlLocale(language);
    const numberFormat = preferences?.numberFormat ?? null;
    const dates = {
      dateFormat: preferences?.dateFormat ?? null,
      timeZone: preferences?.timeZone ?? null,
    };
    const currency = preferences?.currency ?? 'EUR';
    return {
      language,
      locale,
      currency,
      money: (amount, options) =>
        formatMoney(amount, options.currency, language, { ...options, numberFormat }),
      number: (value, maximumFractionDigits) =>
        formatNumber(value, language, maximumFractionDigits, numberFormat),
      percent: (percent, options = {}) =>
        formatPercent(percent, language, { ...options, numberFormat }),
      date: (date) => formatDate(date, locale, dates),
      dateTime: (date, options = {}) => formatDateTime(date, locale, { ...dates, ...options }),
    };
  }, [language, preferences]);
}
