import { describe, expect, it } from 'vitest';
import { replayHolding } from './replay';
import { buy, sell } from './testing/builders';

describe('lifo two lots: buy 10 @ 100, buy 10 @ 130, sell 15 @ 140', () => {
  it('takes the newest lot first', () => {
    const older = buy('10', '100', '2024-01-02');
    const newer = buy('10', '130', '2024-02-02');
    const ledger = replayHolding([older, newer, sell('15', '140', '2024-03-01', 'lifo')]);
    const sale = ledger.sales[0];
    // 10 from the newer lot (cost 1300), 5 from the older (cost 500).
    expect(
      sale?.allocations.map((a) => [a.lotId, a.quantity.toString(), a.costBasis.toString()]),
    ).toEqual([
      [newer.id, '10', '1300'],
      [older.id, '5', '500'],
    ]);
    // Proceeds 15 x 140 = 2100, cost 1800, gain 300, all short term: 30% -> 90.00.
    expect(sale?.tax.total).toEqual({
      proceeds: '2100.00',
      costBasis: '1800.00',
      gainLoss: '300.00',
      taxAmount: '90.00',
    });
    expect(ledger.lots.map((lot) => lot.remainingQuantity.toString())).toEqual(['5', '0']);
  });
});
