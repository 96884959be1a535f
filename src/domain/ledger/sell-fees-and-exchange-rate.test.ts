import { describe, expect, it } from 'vitest';
import { replayHolding } from './replay';
import { buy, sell } from './testing/builders';

describe('fees and exchange rates in the tax estimate', () => {
  it('spreads the sale’s fees over the lots by quantity and the buy’s fees into the cost', () => {
    // Buy 4 @ 50 with fees 4 (cost 51 a unit), buy 6 @ 60 with fees 0. Sell 10 @ 70, fees 10.
    // Lot 1: proceeds 4 x 70 - 10 x 4/10 = 276, cost 204, gain 72, tax 21.60.
    // Lot 2: proceeds 6 x 70 - 10 x 6/10 = 414, cost 360, gain 54, tax 16.20.
    const tax = replayHolding([
      buy('4', '50', '2024-01-01', { fees: '4' }),
      buy('6', '60', '2024-01-05'),
      sell('10', '70', '2024-02-01', 'fifo', { fees: '10' }),
    ]).sales[0]?.tax;
    expect(
      tax?.lots.map((lot) => [lot.proceeds, lot.costBasis, lot.gainLoss, lot.taxAmount]),
    ).toEqual([
      ['276.00', '204.00', '72.00', '21.60'],
      ['414.00', '360.00', '54.00', '16.20'],
    ]);
    expect(tax?.total).toEqual({
      proceeds: '690.00',
      costBasis: '564.00',
      gainLoss: '126.00',
      taxAmount: '37.80',
    });
  });

  it('values cost at the buy’s rate and proceeds at the sale’s rate', () => {
    // Bought 10 @ 100 USD at 0.9 EUR per USD: cost 900 EUR. Sold 10 @ 110 USD at 0.95: 1045 EUR.
    const tax = replayHolding([
      buy('10', '100', '2024-01-01', { exchangeRateToBase: '0.9' }),
      sell('10', '110', '2024-03-01', 'fifo', { exchangeRateToBase: '0.95' }),
    ]).sales[0]?.tax;
    expect(tax?.total).toEqual({
      proceeds: '1045.00',
      costBasis: '900.00',
      gainLoss: '145.00',
      taxAmount: '43.50',
    });
  });
});
