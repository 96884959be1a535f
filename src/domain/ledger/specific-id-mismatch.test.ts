import { describe, expect, it } from 'vitest';
import { LedgerError } from './errors';
import { replayHolding } from './replay';
import { buy, sell } from './testing/builders';

describe('specific id: the chosen lots must add up to the sale', () => {
  const a = buy('10', '100', '2024-01-02');
  const b = buy('10', '150', '2024-02-02');

  it('sells exactly the chosen lots, within 0.00001', () => {
    const ledger = replayHolding([
      a,
      b,
      sell('6', '160', '2024-03-01', 'specific_id', {
        selectedLots: [
          { lotId: b.id, quantity: '4' },
          { lotId: a.id, quantity: '1.999995' },
        ],
      }),
    ]);
    // 4 x 150 + 1.999995 x 100 = 799.9995.
    expect(ledger.sales[0]?.allocations.map((x) => x.costBasis.toString())).toEqual([
      '600',
      '199.9995',
    ]);
    expect(ledger.lots.map((lot) => lot.remainingQuantity.toString())).toEqual(['8.000005', '6']);
  });

  it('refuses a selection that does not add up to the quantity sold', () => {
    const run = () =>
      replayHolding([
        a,
        b,
        sell('6', '160', '2024-03-01', 'specific_id', {
          selectedLots: [{ lotId: b.id, quantity: '5' }],
        }),
      ]);
    expect(run).toThrow(LedgerError);
    expect(run).toThrow('Selected lot quantities must add up to the quantity sold');
  });

  it('refuses a lot asked for more than it holds, or that is not this holding’s', () => {
    const tooMuch = () =>
      replayHolding([
        a,
        b,
        sell('12', '160', '2024-03-01', 'specific_id', {
          selectedLots: [{ lotId: a.id, quantity: '12' }],
        }),
      ]);
    expect(tooMuch).toThrow('Insufficient lot quantity to complete sale');
    const unknown = () =>
      replayHolding([
        a,
        sell('1', '160', '2024-03-01', 'specific_id', {
          selectedLots: [{ lotId: 'another-holdings-lot', quantity: '1' }],
        }),
      ]);
    expect(unknown).toThrow('Insufficient lot quantity to complete sale');
  });

  it('refuses a specific-lot sale with no selection', () => {
    expect(() => replayHolding([a, sell('1', '160', '2024-03-01', 'specific_id')])).toThrow(
      'Selected lot quantities must add up to the quantity sold',
    );
  });
});
