import type { TFunction } from 'i18next';
import type { DashboardResponse } from '@/contracts/valuation';
import type { AllocationPart } from '@/web/components/charts/allocation-chart';

export const ALLOCATION_DIMENSIONS = [
  'assetClass',
  'currency',
  'sector',
  'country',
  'portfolio',
] as const;
export type AllocationDimension = (typeof ALLOCATION_DIMENSIONS)[number];

const UNKNOWN_KEYS = new Set(['', 'unknown', 'none', 'null']);
/** A simulation's cash: its own slice by class, sector and country (the server's key). */
const CASH = 'cash';

function regionName(code: string, locale: string) {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * A slice's key as words: a class or sector translated, a country named, a portfolio by name, a
 * simulation's cash as 'Cash'.
 */
export function allocationParts(
  data: DashboardResponse,
  dimension: AllocationDimension,
  t: TFunction<'dashboard'>,
  locale: string,
): AllocationPart[] {
  const names = new Map(data.portfolios.map((portfolio) => [portfolio.id, portfolio.name]));
  return data.allocation[dimension].map((slice) => {
    const key = slice.key;
    let label: string;
    if (data.simulation && key === CASH && dimension !== 'currency') label = t('allocation.cash');
    else if (UNKNOWN_KEYS.has(key.toLowerCase())) label = t('allocation.unknown');
    else if (key.toLowerCase() === 'other') label = t('allocation.other');
    else if (dimension === 'assetClass')
      label = t(`allocation.classes.${key}`, { defaultValue: key });
    else if (dimension === 'sector') label = t(`allocation.sectors.${key}`, { defaultValue: key });
    else if (dimension === 'country') label = regionName(key, locale);
    else if (dimension === 'portfolio') label = names.get(key) ?? key;
    else label = key;
    return { key, label, value: slice.value, weight: slice.weight };
  });
}

/** A simulation's answer with nothing but its cash (no holding, priced or not). */
export function holdsOnlyCash(data: DashboardResponse) {
  return (
    data.allocation.assetClass.every((slice) => slice.key === CASH) && data.unpriced.length === 0
  );
}

/** Nothing is held yet: no slice, nothing unpriced, no activity. */
export function isEmptyDashboard(data: DashboardResponse) {
  return (
    data.allocation.assetClass.length === 0 &&
    data.unpriced.length === 0 &&
    data.recentTransactions.length === 0 &&
    data.upcomingMaturities.length === 0 &&
    data.topMovers.length === 0 &&
    Number(data.netWorth.value) === 0
  );
}
