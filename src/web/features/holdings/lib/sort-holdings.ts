import type { ConvertedTotals, Holding } from '@/contracts/holdings';
import { type Decimal, dec } from '@/domain/money/decimal';

export type HoldingSortKey = 'name' | 'class' | 'value' | 'gain';
export type HoldingSort = { key: HoldingSortKey; desc: boolean };

/**
 * A holding's value or gain in the portfolio's currency, converted with the rates of the total
 * the overview shows above the list (`summary.totals`: the last published rate of each currency);
 * null when its currency has no rate (it is listed apart, in its own currency).
 */
export function convertedAmount(
  holding: Holding,
  field: 'marketValue' | 'gainLoss',
  totals: Pick<ConvertedTotals, 'currency' | 'rates'> | null | undefined,
): Decimal | null {
  if (!totals) return null;
  if (holding.currency === totals.currency) return dec(holding[field]);
  const rate = totals.rates.find((applied) => applied.currency === holding.currency)?.rate;
  return rate ? dec(holding[field]).mul(rate) : null;
}

/**
 * The overview's order. Value and gain compare amounts converted into one currency (the
 * portfolio's: converting every row into any single currency gives the same order), so a dollar
 * holding sits among the euro ones by what it is worth. A currency without a rate (and every row
 * while the rates load) is never compared as a plain number with another currency: such rows
 * follow the converted ones, grouped by currency (the user's first, then by code) and sorted by
 * amount inside each group. Name and category sort as text.
 */
export function sortHoldings(
  list: readonly Holding[],
  sort: HoldingSort,
  options: {
    totals: Pick<ConvertedTotals, 'currency' | 'rates'> | null | undefined;
    /** The user's display currency: its group comes first among the unconverted. */
    ownCurrency: string;
  },
): Holding[] {
  const sign = sort.desc ? -1 : 1;
  if (sort.key === 'name' || sort.key === 'class') {
    const text = (holding: Holding) =>
      sort.key === 'name' ? holding.name.toLowerCase() : holding.class;
    return [...list].sort((a, b) => sign * text(a).localeCompare(text(b)));
  }
  const field = sort.key === 'value' ? 'marketValue' : 'gainLoss';
  const rows = list.map((holding) => ({
    holding,
    converted: convertedAmount(holding, field, options.totals),
  }));
  const group = (currency: string) => (currency === options.ownCurrency ? '' : currency);
  return rows
    .sort((a, b) => {
      if (a.converted && b.converted) return sign * a.converted.comparedTo(b.converted);
      if (a.converted) return -1;
      if (b.converted) return 1;
      const byGroup = group(a.holding.currency).localeCompare(group(b.holding.currency));
      if (byGroup !== 0) return byGroup;
      return sign * dec(a.holding[field]).comparedTo(dec(b.holding[field]));
    })
    .map((row) => row.holding);
}
