import { describe, expect, it } from 'vitest';
import { LedgerError } from './errors';
import { replayHolding } from './replay';
import { buy, sell } from './testing/builders';

describe('crypto dust: buy 0.5 BTC @ 40000 (fees 10), sell 0.499995, then the last 0.000005', () => {
  const bought = buy('0.5', '40000', '2024-01-02', { fees: '10' });

  it('keeps the 0.000005 left in its lot, active, with its share of the cost', () => {
    const ledger = replayHolding([bought, sell('0.499995', '50000', '2024-03-01')]);
    const [lot] = ledger.lots;
    expect(lot?.remainingQuantity.toFixed()).toBe('0.000005');
    expect(lot?.status).toBe('active');
    expect(ledger.quantity.toFixed()).toBe('0.000005');
    // Sold: 0.499995 x 40000 = 19999.8, plus 10 x 0.499995 / 0.5 = 9.9999 of the fees.
    expect(ledger.sales[0]?.allocations[0]?.costBasis.toFixed()).toBe('20009.7999');
    // Left: 0.000005 x 40000 = 0.2, plus the 0.0001 of fees not yet sold.
    expect(ledger.remainingCost.toFixed()).toBe('0.2001');
  });

  it('sells the remainder later, depleting the lot at exactly zero, and nothing is lost', () => {
    const ledger = replayHolding([
      bought,
      sell('0.499995', '50000', '2024-03-01'),
      sell('0.000005', '50000', '2024-04-01'),
    ]);
    expect(ledger.lots[0]?.remainingQuantity.toFixed()).toBe('0');
    expect(ledger.lots[0]?.status).toBe('depleted');
    const cost = ledger.sales.map((s) => s.allocations[0]?.costBasis.toFixed());
    expect(cost).toEqual(['20009.7999', '0.2001']);
    // 0.5 x 40000 + 10 paid = 20010, all of it in the sales' cost basis.
    expect(ledger.remainingCost.toFixed()).toBe('0');
  });

  it('refuses anything beyond what is held, by as little as one satoshi', () => {
    const over = () => replayHolding([bought, sell('0.50000001', '50000', '2024-03-01')]);
    expect(over).toThrow(LedgerError);
    expect(over).toThrow('Insufficient balance. Available: 0.5, Requested: 0.50000001');
    const afterAll = () =>
      replayHolding([
        bought,
        sell('0.5', '50000', '2024-03-01'),
        sell('0.00000001', '50000', '2024-04-01'),
      ]);
    expect(afterAll).toThrow('Insufficient balance. Available: 0, Requested: 0.00000001');
  });

  it('refuses a specific-lot sale asking the lot for more than is left in it', () => {
    const more = buy('1', '41000', '2024-02-01');
    const run = () =>
      replayHolding([
        bought,
        more,
        sell('0.499995', '50000', '2024-03-01', 'specific_id', {
          selectedLots: [{ lotId: bought.id, quantity: '0.499995' }],
        }),
        sell('0.00001', '50000', '2024-04-01', 'specific_id', {
          selectedLots: [{ lotId: bought.id, quantity: '0.00001' }],
        }),
      ]);
    expect(run).toThrow('Insufficient lot quantity to complete sale');
  });
});
