import { describe, expect, it } from 'vitest';
import { replayHolding } from './replay';
import { buy, sell } from './testing/builders';

describe('fifo partial sell: buy 10 @ 100, buy 5 @ 120, sell 12 @ 150', () => {
  const first = buy('10', '100', '2024-01-10');
  const second = buy('5', '120', '2024-06-01');
  const sale = sell('12', '150', '2025-03-01');
  const ledger = replayHolding([first, second, sale]);

  it('takes the whole first lot, then 2 of the second', () => {
    const [allocations] = ledger.sales.map((s) => s.allocations);
    expect(allocations?.map((a) => [a.lotId, a.quantity.toString()])).toEqual([
      [first.id, '10'],
      [second.id, '2'],
    ]);
    expect(ledger.lots.map((lot) => [lot.remainingQuantity.toString(), lot.status])).toEqual([
      ['0', 'depleted'],
      ['3', 'active'],
    ]);
    expect(ledger.quantity.toString()).toBe('3');
    // 3 units left at 120.
    expect(ledger.remainingCost.toString()).toBe('360');
  });

  it('estimates the tax per lot and in total', () => {
    // Lot 1: proceeds 10 x 150 = 1500, cost 1000, gain 500, 416 days (2024 is a leap year):
    //   long term, 17.2% -> 86.00.
    // Lot 2: proceeds 2 x 150 = 300, cost 240, gain 60, 273 days: short term, 30% -> 18.00.
    const tax = ledger.sales[0]?.tax;
    expect(tax?.lots).toEqual([
      {
        lotId: first.id,
        lotNumber: 1,
        quantity: '10',
        proceeds: '1500.00',
        costBasis: '1000.00',
        gainLoss: '500.00',
        holdingPeriodDays: 416,
        isLongTerm: true,
        taxRate: '0.172',
        taxAmount: '86.00',
      },
      {
        lotId: second.id,
        lotNumber: 2,
        quantity: '2',
        proceeds: '300.00',
        costBasis: '240.00',
        gainLoss: '60.00',
        holdingPeriodDays: 273,
        isLongTerm: false,
        taxRate: '0.3',
        taxAmount: '18.00',
      },
    ]);
    expect(tax?.total).toEqual({
      proceeds: '1800.00',
      costBasis: '1240.00',
      gainLoss: '560.00',
      taxAmount: '104.00',
    });
    expect(tax?.taxYear).toBe(2025);
    expect(tax?.jurisdiction).toBe('FR');
  });
});
