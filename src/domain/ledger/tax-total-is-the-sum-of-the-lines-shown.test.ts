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
});
