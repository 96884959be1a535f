import { describe, expect, it } from 'vitest';
import { replayHolding } from './replay';
import { buy, sell } from './testing/builders';

describe('average cost after three buys: 10 @ 100, 20 @ 110, 10 @ 130 (fees 8), sell 20 @ 120', () => {
  it('costs every unit sold at the average of all units held', () => {
    // Cost held: 1000 + 2200 + (1300 + 8) = 4508 for 40 units: 112.7 a unit.
    const ledger = replayHolding([
      buy('10', '100', '2024-01-01'),
      buy('20', '110', '2024-02-01'),
      buy('10', '130', '2024-03-01', { fees: '8' }),
      sell('20', '120', '2024-04-01', 'average_cost'),
    ]);
    const sale = ledger.sales[0];
    // Units are taken oldest first (10 from lot 1, 10 from lot 2), each at 112.7.
    expect(
      sale?.allocations.map((a) => [a.lotNumber, a.quantity.toString(), a.costBasis.toString()]),
    ).toEqual([
      [1, '10', '1127'],
      [2, '10', '1127'],
    ]);
    // Proceeds 2400, cost 2254, gain 146, short term 30% -> 43.80.
    expect(sale?.tax.total).toEqual({
      proceeds: '2400.00',
      costBasis: '2254.00',
      gainLoss: '146.00',
      taxAmount: '43.80',
    });
    // What is left keeps the average: 20 x 112.7 = 2254 (and 2254 + 2254 = 4508 paid). The lot
    // the sale emptied carries it too, so undoing the sale gives its units back at that cost.
    expect(ledger.remainingCost.toString()).toBe('2254');
    expect(ledger.lots.map((lot) => lot.pooledUnitCost?.toString() ?? null)).toEqual([
      '112.7',
      '112.7',
      '112.7',
    ]);
    // Each lot names the method of the last sale that took from it; the third is untouched.
    expect(ledger.lots.map((lot) => lot.costBasisMethod)).toEqual([
      'average_cost',
      'average_cost',
      null,
    ]);
  });
});
