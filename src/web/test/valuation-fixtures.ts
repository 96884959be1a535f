import {
  type HoldingPerformance,
  type PerformanceResponse,
  performanceResponseSchema,
} from '@/contracts/valuation';

export const HOLDING_IDS = {
  apple: '00000000-0000-4000-8000-000000000001',
  house: '00000000-0000-4000-8000-000000000002',
  painting: '00000000-0000-4000-8000-000000000003',
} as const;

const FIGURES = {
  value: '0',
  costBasis: '0',
  unrealizedGain: '0',
  unrealizedGainPercent: null,
  realizedGain: '0',
  dividends: '0',
  interest: '0',
  fees: '0',
  taxes: '0',
  netContributions: '0',
  currencyEffect: '0',
  dayChange: null,
  dayChangePercent: null,
  twr: null,
  twrAnnualized: null,
  mwr: null,
  volatility: null,
  maxDrawdown: null,
};

export function makeHoldingPerformance(
  overrides: Partial<HoldingPerformance> = {},
): HoldingPerformance {
  return {
    ...FIGURES,
    holdingId: HOLDING_IDS.apple,
    name: 'Apple Inc.',
    symbol: 'AAPL',
    class: 'market',
    holdingCurrency: 'USD',
    quantity: '10',
    lastPrice: '189.50',
    lastPriceCurrency: 'USD',
    lastPriceDate: '2026-11-24',
    priceSource: 'market',
    value: '1752.10',
    costBasis: '1500.00',
    unrealizedGain: '252.10',
    unrealizedGainPercent: 0.1681,
    dayChange: '-18.40',
    dayChangePercent: -0.0104,
    weight: 0.0412,
    // In dollars: the share's own move (the pound figures add the dollar's move against it).
    holdingDayChange: '-21.30',
    holdingDayChangePercent: -0.012,
    // Its value, cost and gain in dollars: 10 x 189.50, bought 10 x 150.
    holdingValue: '1895.00',
    holdingCostBasis: '1500.00',
    holdingUnrealizedGain: '395.00',
    holdingUnrealizedGainPercent: 395 / 1500,
    ...overrides,
  };
}

/** A performance answer as the server sends it (GBP base currency), checked by the contract. */
export function makePerformance(overrides: Partial<PerformanceResponse> = {}): PerformanceResponse {
  return performanceResponseSchema.parse({
    ...FIGURES,
    value: '42530.10',
    costBasis: '39000.00',
    unrealizedGain: '3530.10',
    unrealizedGainPercent: 0.0905,
    netContributions: '38000.00',
    dayChange: '-120.35',
    dayChangePercent: -0.0028,
    twr: 0.064,
    twrAnnualized: null,
    mwr: 0.071,
    asOf: '2026-11-25',
    currency: 'GBP',
    range: '1Y',
    from: '2025-11-25',
    series: [
      { date: '2025-11-25', value: '36000.00', netContributions: '35000.00', twrIndex: 1 },
      { date: '2026-05-25', value: '39500.00', netContributions: '37000.00', twrIndex: 1.03 },
      { date: '2026-11-25', value: '42530.10', netContributions: '38000.00', twrIndex: 1.064 },
    ],
    holdings: [
      makeHoldingPerformance(),
      makeHoldingPerformance({
        holdingId: HOLDING_IDS.house,
        name: 'Flat in Lyon',
        symbol: null,
        class: 'real_estate',
        holdingCurrency: 'EUR',
        quantity: '1',
        lastPrice: '240000.00',
        lastPriceCurrency: 'EUR',
        lastPriceDate: '2026-03-01',
        priceSource: 'manual',
        holdingValue: '240000.00',
        holdingCostBasis: '225000.00',
        holdingUnrealizedGain: '15000.00',
        holdingUnrealizedGainPercent: 15000 / 225000,
        value: '40778.00',
        costBasis: '37500.00',
        unrealizedGain: '3278.00',
        unrealizedGainPercent: 0.0874,
        dayChange: null,
        dayChangePercent: null,
        weight: 0.9588,
      }),
    ],
    unpriced: [],
    cash: null,
    ...overrides,
  });
}
