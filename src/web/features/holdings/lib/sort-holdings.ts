import type { ConvertedTotals, Holding } from '@/contracts/holdings';
import { type Decimal, dec } from '@/domain/money/decimal';
import type { RowFigures } from '../components/holding-performance';

export type HoldingSortKey = 'name' | 'class' | 'value' | 'gain';
export type HoldingSort = { key: HoldingSortKey; desc: boolean };

type Totals = Pick<ConvertedTotals, 'currency' | 'rates'> | null | undefined;

/** A row's value or gain as shown, in the holding's currency; null when it has none (yet). */
function ownAmount(holding: Holding, key: 'value' | 'gain', figures: RowFigures | null) {
  if (!figures) return key === 'value' ? holding.marketValue : holding.gainLoss;
  if (figures.state !== 'valued') return null;
  return key === 'value' ? figures.value : figures.gain;
}

/**
 * A row's value or gain in the portfolio's currency: the valuation's own figure when it gives
 * one (the row's amount converted at the day's rate), else the row's amount converted with the
 * rates of the total the overview shows above the list (`summary.totals`); null when its currency
 * has no rate (it is listed apart, in its own currency).
 */
function convertedAmount(
  holding: Holding,
  key: 'value' | 'gain',
  figures: RowFigures | null,
  totals: Totals,
): Decimal | null {
  if (figures?.state === 'valued' && figures.inPortfolio) {
    return dec(key === 'value' ? figures.inPortfolio.value : figures.inPortfolio.gain);
  }
  const amount = ownAmount(holding, key, figures);
  if (amount === null || !totals) return null;
  if (holding.currency === totals.currency) return dec(amount);
  const rate = totals.rates.find((applied) => applied.currency === holding.currency)?.rate;
  return rate ? dec(amount).mul(rate) : null;
}

/**
 * The overview's order. Value and gain compare amounts in one currency (the portfolio's:
 * converting every row into any single currency gives the same order), so a dollar holding sits
 * among the euro ones by what it is worth. A currency without a rate (and every row while the
 * figures load) is never compared as a plain number with another currency: such rows follow the
 * converted ones, grouped by currency (the user's first, then by code) and sorted by amount
 * inside each group; rows without an amount (not valued, or still loading) come last. Name and
 * category sort as text.
 */
export function sortHoldings(
  list: readonly Holding[],
  sort: HoldingSort,
  options: {
    totals: Totals;
    /** The user's display currency: its group comes first among the unconverted. */
    ownCurrency: string;
    /** Each row's figures as the table shows them (the valuation's); the holdings' own without. */
    figures?: (holding: Holding) => RowFigures;
  },
): Holding[] {
  const sign = sort.desc ? -1 : 1;
  if (sort.key === 'name' || sort.key === 'class') {
    const text = (holding: Holding) =>
      sort.key === 'name' ? holding.name.toLowerCase() : holding.class;
    return [...list].sort((a, b) => sign * text(a).localeCompare(text(b)));
  }
  const key = sort.key;
  const rows = list.map((holding) => {
    const figures = options.figures?.(holding) ?? null;
    const own = ownAmount(holding, key, figures);
    return {
      holding,
      own: own === null ? null : dec(own),
      converted: convertedAmount(holding, key, figures, options.totals),
    };
  });
  const group = (currency: string) => (currency === options.ownCurrency ? '' : currency);
  return rows
    .sort((a, b) => {
      if (a.converted && b.converted) return sign * a.converted.comparedTo(b.converted);
      if (a.converted) return -1;
      if (b.converted) return 1;
      if (a.own && !b.own) return -1;
      if (b.own && !a.own) return 1;
      const byGroup = group(a.holding.currency).localeCompare(group(b.holding.currency));
      if (byGroup !== 0 || !a.own || !b.own) return byGroup;
      return sign * a.own.comparedTo(b.own);
    })
    .map((row) => row.holding);
}
