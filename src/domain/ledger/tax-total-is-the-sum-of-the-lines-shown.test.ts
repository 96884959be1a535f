import { describe, expect, it } from 'vitest';
import { replayHolding } from './replay';
import { buy, sell } from './testing/builders';

describe('the tax total is the sum of the lines as shown: two lots sold at 10.005', () => {
  it('rounds each line to the cent and adds those up (20.02, not 20.01)', () => {
    // Two lots of 1 at 0; one sale of 2 at 10.005: each line's proceeds 10.005 -> 10.01.
    const tax = replayHolding([
      buy('1', '0', '2024-01-02'),
      buy('1', '0', '2024-01-03'),
      sell('2', '10.005', '2024-03-01'),
    ]).sales[0]?.tax;
    expect(tax?.lots.map((line) => [line.proceeds, line.gainLoss, line.taxAmount])).toEqual([
      ['10.01', '10.01', '3.00'],
      ['10.01', '10.01', '3.00'],
    ]);
    expect(tax?.total).toEqual({
      proceeds: '20.02',
      costBasis: '0.00',
      gainLoss: '20.02',
      taxAmount: '6.00',
    });
  });

  it('shows a gain that is the proceeds less the cost as shown (4.99, not 5.00)', () => {
    // Bought at 5.005 (5.01 shown), sold at 10.004 (10.00 shown): the exact gain is 4.999.
    const tax = replayHolding([buy('1', '5.005', '2024-01-02'), sell('1', '10.004', '2024-03-01')])
      .sales[0]?.tax;
    expect(tax?.lots.map((line) => [line.proceeds, line.costBasis, line.gainLoss])).toEqual([
      ['10.00', '5.01', '4.99'],
    ]);
    expect(tax?.total.gainLoss).toBe('4.99');
    // The tax is worked out on the exact gain: 4.999 x 30% = 1.4997 -> 1.50.
    expect(tax?.total.taxAmount).toBe('1.50');
  });
});
