import type { Holding } from '@/contracts/holdings';
import { PORTFOLIO_ID } from '@/web/test/scope';

/** A holding as the API answers it: Apple shares bought at 150, now 180, unless overridden. */
export function makeHolding(overrides: Partial<Holding> = {}): Holding {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    portfolioId: PORTFOLIO_ID,
    simulationId: null,
    class: 'market',
    name: 'Apple Inc.',
    symbol: 'AAPL',
    quantity: '10',
    purchasePrice: '150',
    currentPrice: '180',
    purchaseDate: '2024-01-10',
    currency: 'EUR',
    status: 'active',
    isActive: true,
    costBasis: '1500.00',
    lastPrice: '180',
    priceSource: 'manual',
    priceDate: '2026-01-01',
    marketValue: '1800.00',
    dayChange: null,
    gainLoss: '300.00',
    gainLossPercent: '20.00',
    details: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
