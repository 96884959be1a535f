import { type DashboardResponse, dashboardResponseSchema } from '@/contracts/valuation';

/**
 * A dashboard answer as the server sends it, reduced to what the projection reads: net worth,
 * its monthly returns, the allocation by class and the own portfolios' lines. In USD, checked
 * against the contract's schema.
 */
export function dashboardWith({
  value,
  assetClass,
  monthlyReturns = [],
  portfolios = [],
}: {
  value: string;
  assetClass: { key: string; weight: number }[];
  monthlyReturns?: number[];
  /** The own portfolios' lines (id, name, value in USD); none unless given. */
  portfolios?: { id: string; name: string; value: string }[];
}): DashboardResponse {
  const figures = {
    value,
    costBasis: value,
    unrealizedGain: '0.00',
    unrealizedGainPercent: 0,
    realizedGain: '0.00',
    dividends: '0.00',
    interest: '0.00',
    fees: '0.00',
    taxes: '0',
    netContributions: value,
    currencyEffect: '0.00',
    dayChange: '0.00',
    dayChangePercent: 0,
    twr: 0,
    twrAnnualized: null,
    mwr: 0,
    volatility: null,
    maxDrawdown: null,
  };
  const slices = assetClass.map(({ key, weight }) => ({
    key,
    value: (Number(value) * weight).toFixed(2),
    weight,
  }));
  return dashboardResponseSchema.parse({
    asOf: '2026-11-25',
    currency: 'USD',
    range: '1Y',
    netWorth: figures,
    series: [{ date: '2026-11-25', twrIndex: 1, value, netContributions: value }],
    monthlyReturns,
    portfolios: portfolios.map((portfolio) => ({
      ...portfolio,
      baseCurrency: 'USD',
      dayChange: null,
      twr: 0,
    })),
    sharedPortfolios: [],
    allocation: { assetClass: slices, currency: [], sector: [], country: [], portfolio: [] },
    topMovers: [],
    recentTransactions: [],
    upcomingMaturities: [],
    unpriced: [],
    simulation: null,
  });
}
