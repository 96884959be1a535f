import {
  type DashboardResponse,
  dashboardResponseSchema,
  type PerformanceFigures,
  type PerformanceRange,
} from '@/contracts/valuation';

export const PORTFOLIO_A = '00000000-0000-4000-8000-00000000000a';
export const PORTFOLIO_B = '00000000-0000-4000-8000-00000000000b';
export const SHARED = '00000000-0000-4000-8000-00000000000c';
const holdingId = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

export function makeFigures(overrides: Partial<PerformanceFigures> = {}): PerformanceFigures {
  return {
    value: '125430.55',
    costBasis: '110000.00',
    unrealizedGain: '15430.55',
    unrealizedGainPercent: 0.1403,
    realizedGain: '820.00',
    dividends: '410.20',
    interest: '95.10',
    fees: '-32.00',
    taxes: '0',
    netContributions: '108500.00',
    currencyEffect: '-215.40',
    dayChange: '512.30',
    dayChangePercent: 0.0041,
    twr: 0.0873,
    twrAnnualized: null,
    mwr: 0.0791,
    volatility: 0.12,
    maxDrawdown: -0.083,
    ...overrides,
  };
}

/**
 * A dashboard answer as the server sends it (USD: the user's currency on the server, which may
 * differ from the display preference), checked against the contract's schema.
 */
export function makeDashboard(
  overrides: Partial<DashboardResponse> = {},
  range: PerformanceRange = '1Y',
): DashboardResponse {
  return dashboardResponseSchema.parse({
    asOf: '2026-11-25',
    currency: 'USD',
    range,
    netWorth: makeFigures(),
    series: [
      { date: '2026-09-01', value: '118000.00', netContributions: '105000.00', twrIndex: 1 },
      { date: '2026-10-01', value: '121250.10', netContributions: '107000.00', twrIndex: 1.021 },
      { date: '2026-11-25', value: '125430.55', netContributions: '108500.00', twrIndex: 1.0873 },
    ],
    monthlyReturns: [0.021],
    portfolios: [
      {
        id: PORTFOLIO_A,
        name: 'Main',
        baseCurrency: 'USD',
        value: '100430.55',
        dayChange: '480.00',
        twr: 0.091,
      },
      {
        id: PORTFOLIO_B,
        name: 'PEA',
        baseCurrency: 'EUR',
        value: '25000.00',
        dayChange: '32.30',
        twr: 0.06,
      },
    ],
    sharedPortfolios: [
      {
        id: SHARED,
        name: 'Family trust',
        ownerName: 'Grace Hopper',
        permission: 'read',
        value: '50000.00',
      },
    ],
    allocation: {
      assetClass: [
        { key: 'market', value: '80000.00', weight: 0.6378 },
        { key: 'savings', value: '30000.00', weight: 0.2392 },
        { key: 'crypto', value: '15430.55', weight: 0.123 },
      ],
      currency: [
        { key: 'USD', value: '95430.55', weight: 0.7608 },
        { key: 'EUR', value: '30000.00', weight: 0.2392 },
      ],
      sector: [
        { key: 'Technology', value: '50000.00', weight: 0.625 },
        { key: 'unknown', value: '30000.00', weight: 0.375 },
      ],
      country: [
        { key: 'US', value: '70000.00', weight: 0.875 },
        { key: 'FR', value: '10000.00', weight: 0.125 },
      ],
      portfolio: [
        { key: PORTFOLIO_A, value: '100430.55', weight: 0.8007 },
        { key: PORTFOLIO_B, value: '25000.00', weight: 0.1993 },
      ],
    },
    topMovers: [
      {
        holdingId: holdingId(1),
        portfolioId: PORTFOLIO_A,
        name: 'Apple Inc.',
        symbol: 'AAPL',
        dayChange: '310.40',
        dayChangePercent: 0.0212,
      },
      {
        holdingId: holdingId(2),
        portfolioId: PORTFOLIO_A,
        name: 'Bitcoin',
        symbol: 'BTC',
        dayChange: '-122.15',
        dayChangePercent: -0.0081,
      },
    ],
    recentTransactions: [
      {
        id: '00000000-0000-4000-8000-000000000201',
        portfolioId: PORTFOLIO_B,
        holdingId: holdingId(3),
        holdingName: 'Amundi MSCI World',
        type: 'buy',
        tradeDate: '2026-11-20',
        quantity: '10',
        price: '512.34',
        currency: 'EUR',
      },
    ],
    upcomingMaturities: [
      {
        holdingId: holdingId(4),
        portfolioId: PORTFOLIO_B,
        name: 'PEL Banque Postale',
        maturityDate: '2027-01-15',
        balance: '30000.00',
        currency: 'EUR',
      },
    ],
    unpriced: [],
    simulation: null,
    ...overrides,
  });
}

/** Someone who holds nothing yet. */
export function makeEmptyDashboard(): DashboardResponse {
  const zero = makeFigures({
    value: '0',
    costBasis: '0',
    unrealizedGain: '0',
    unrealizedGainPercent: null,
    realizedGain: '0',
    dividends: '0',
    interest: '0',
    fees: '0',
    netContributions: '0',
    currencyEffect: '0',
    dayChange: null,
    dayChangePercent: null,
    twr: null,
    mwr: null,
    volatility: null,
    maxDrawdown: null,
  });
  return makeDashboard({
    netWorth: zero,
    series: [],
    monthlyReturns: [],
    portfolios: [
      {
        id: PORTFOLIO_A,
        name: 'Main',
        baseCurrency: 'USD',
        value: '0',
        dayChange: null,
        twr: null,
      },
    ],
    sharedPortfolios: [],
    allocation: { assetClass: [], currency: [], sector: [], country: [], portfolio: [] },
    topMovers: [],
    recentTransactions: [],
    upcomingMaturities: [],
    unpriced: [],
  });
}
