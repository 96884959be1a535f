import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Flag } from '@/contracts/admin';
import { FLAG_CATEGORIES, type FlagCategory } from '@/contracts/feature-flags';

export type FlagWarning = 'navigationHidden' | 'searchRemoved' | 'critical';

/** What turning flags to `enabled` warns about (spec: hidden navigation, no search bar, critical). */
export function flagWarnings(flags: readonly Flag[], enabled: boolean): FlagWarning[] {
  const warnings = new Set<FlagWarning>();
  for (const flag of flags) {
    if (flag.enabled === enabled) continue;
    if (!enabled && flag.category === 'navigation') warnings.add('navigationHidden');
    if (!enabled && flag.key === 'search_bar') warnings.add('searchRemoved');
    if (flag.critical) warnings.add('critical');
  }
  return [...warnings];
}

export type FlagCounts = {
  total: number;
  enabled: number;
  disabled: number;
  byCategory: Record<FlagCategory, { total: number; enabled: number }>;
};

export function countFlags(flags: readonly Flag[]): FlagCounts {
  const byCategory = Object.fromEntries(
    FLAG_CATEGORIES.map((category) => [category, { total: 0, enabled: 0 }]),
  ) as FlagCounts['byCategory'];
  let enabled = 0;
  for (const flag of flags) {
    const bucket = byCategory[flag.category];
    bucket.total += 1;
    if (flag.enabled) {
      bucket.enabled += 1;
      enabled += 1;
    }
  }
  return { total: flags.length, enabled, disabled: flags.length - enabled, byCategory };
}

/** A flag's name and description in the current language, else the API's English text. */
export function useFlagText() {
  const { t } = useTranslation('admin');
  return useCallback(
    (flag: Pick<Flag, 'key' | 'name' | 'description'>) => ({
      name: t(`flags.${flag.key}.name`, { defaultValue: flag.name }),
      description: t(`flags.${flag.key}.description`, { defaultValue: flag.description }),
    }),
    [t],
  );
}
