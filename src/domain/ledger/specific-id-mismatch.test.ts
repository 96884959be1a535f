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
    // The sale's 6 are sold: the last lot chosen gives the missing 0.000005 (4 x 150 + 2 x 100).
    expect(ledger.sales[0]?.allocations.map((x) => x.quantity.toString())).toEqual(['4', '2']);
    expect(ledger.sales[0]?.allocations.map((x) => x.costBasis.toString())).toEqual(['600', '200']);
    expect(ledger.lots.map((lot) => lot.remainingQuantity.toString())).toEqual(['8', '6']);
    expect(ledger.quantity.toString()).toBe('14');
  });

  it('refuses, with the spec’s message, a selection that does not cover the quantity sold', () => {
    const run = () =>
      replayHolding([
        a,
        b,
        sell('6', '160', '2024-03-01', 'specific_id', {
          selectedLots: [{ lotId: b.id, quantity: '5' }],
        }),
      ]);
    expect(run).toThrow(LedgerError);
    expect(run).toThrow('Insufficient lot quantity to complete sale');
    // Short by just over the tolerance is short.
    expect(() =>
      replayHolding([
        a,
        sell('6', '160', '2024-03-01', 'specific_id', {
          selectedLots: [{ lotId: a.id, quantity: '5.99998999' }],
        }),
      ]),
    ).toThrow('Insufficient lot quantity to complete sale');
  });

  it('refuses a selection that adds up to more than the quantity sold', () => {
    const run = () =>
      replayHolding([
        a,
        b,
        sell('6', '160', '2024-03-01', 'specific_id', {
          selectedLots: [
            { lotId: a.id, quantity: '3' },
            { lotId: b.id, quantity: '3.00002' },
          ],
        }),
      ]);
    expect(run).toThrow('Selected lot quantities must add up to the quantity sold');
  });

  it('sells the sale’s quantity when the selection is within 0.00001 above it', () => {
    const ledger = replayHolding([
      a,
      sell('6', '160', '2024-03-01', 'specific_id', {
        selectedLots: [{ lotId: a.id, quantity: '6.00001' }],
      }),
    ]);
    expect(ledger.sales[0]?.allocations.map((x) => x.quantity.toString())).toEqual(['6']);
    expect(ledger.sales[0]?.tax.total.proceeds).toBe('960.00');
    expect(ledger.lots[0]?.remainingQuantity.toString()).toBe('4');
    expect(ledger.quantity.toString()).toBe('4');
  });

  it('refuses a selection within 0.00001 whose last lot cannot give the difference', () => {
    // 1 sold from a lot of exactly 0.99999: the missing 0.00001 is not there.
    const small = buy('0.99999', '100', '2024-01-02');
    expect(() =>
      replayHolding([
        small,
        sell('1', '160', '2024-03-01', 'specific_id', {
          selectedLots: [{ lotId: small.id, quantity: '0.99999' }],
        }),
      ]),
    ).toThrow('Insufficient balance. Available: 0.99999, Requested: 1');
  });

  it('refuses a lot asked for even 0.00000001 more than it holds', () => {
    const dust = () =>
      replayHolding([
        a,
        b,
        sell('10.00000001', '160', '2024-03-01', 'specific_id', {
          selectedLots: [{ lotId: a.id, quantity: '10.00000001' }],
        }),
      ]);
    expect(dust).toThrow('Insufficient lot quantity to complete sale');
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

  it('refuses a specific-lot sale with no selection: nothing covers the quantity', () => {
    expect(() => replayHolding([a, sell('1', '160', '2024-03-01', 'specific_id')])).toThrow(
      'Insufficient lot quantity to complete sale',
    );
  });
});
