import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, Decimal, ZERO } from '../money/decimal';
import { LedgerError } from './errors';
import { restoreLots } from './lots';
import { replayHolding } from './replay';
import { COST_BASIS_METHODS, type CostBasisMethod, type LedgerTransaction } from './types';

/** Amounts with up to 2 decimals, as exact decimal strings (no float noise). */
const amount = (min: number, max: number) =>
  fc.integer({ min, max }).map((cents) => new Decimal(cents).div(100).toString());

type Step = { kind: 'buy' | 'sell'; quantity: string; price: string; fees: string };
const step = fc.record({
  kind: fc.constantFrom<'buy' | 'sell'>('buy', 'buy', 'sell'),
  quantity: amount(1, 100_000),
  price: amount(1, 1_000_000),
  fees: amount(0, 2_000),
});

/** Turns steps into transactions a day apart; sales never exceed what is held (clamped). */
function history(steps: Step[], method: CostBasisMethod): LedgerTransaction[] {
  let held = ZERO;
  const out: LedgerTransaction[] = [];
  const lots: { id: string; left: Decimal }[] = [];
  steps.forEach((s, index) => {
    const date = new Date(Date.UTC(2020, 0, 1 + index)).toISOString().slice(0, 10);
    const id = `t${index}`;
    if (s.kind === 'buy') {
      held = held.plus(s.quantity);
      lots.push({ id, left: dec(s.quantity) });
      out.push({
        id,
        type: 'buy',
        quantity: s.quantity,
        price: s.price,
        fees: s.fees,
        exchangeRateToBase: '1',
        tradeDate: date,
      });
      return;
    }
    const quantity = Decimal.min(dec(s.quantity), held);
    if (quantity.lte(0)) return;
    held = held.minus(quantity);
    // For specific lots: take from the newest lots that still hold something.
    const selectedLots: { lotId: string; quantity: string }[] = [];
    let left = quantity;
    for (const lot of [...lots].reverse()) {
      if (left.lte(0)) break;
      const part = Decimal.min(left, lot.left);
      if (part.lte(0)) continue;
      selectedLots.push({ lotId: lot.id, quantity: part.toString() });
      lot.left = lot.left.minus(part);
      left = left.minus(part);
    }
    out.push({
      id,
      type: 'sell',
      quantity: quantity.toString(),
      price: s.price,
      fees: s.fees,
      exchangeRateToBase: '1',
      tradeDate: date,
      costBasisMethod: method,
      selectedLots: method === 'specific_id' ? selectedLots : null,
    });
  });
  return out;
}

const sum = (values: Decimal[]) => values.reduce((total, value) => total.plus(value), ZERO);

describe('ledger properties, for every cost basis method', () => {
  for (const method of COST_BASIS_METHODS) {
    describe(method, () => {
      it('conserves quantity and never lets a lot go negative', () => {
        fc.assert(
          fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
            const transactions = history(steps, method);
            const ledger = replayHolding(transactions);
            const bought = sum(
              transactions.filter((t) => t.type === 'buy').map((t) => dec(t.quantity)),
            );
            const sold = sum(
              transactions.filter((t) => t.type === 'sell').map((t) => dec(t.quantity)),
            );
            expect(ledger.quantity.toString()).toBe(bought.minus(sold).toString());
            for (const lot of ledger.lots) {
              expect(lot.remainingQuantity.gte(0)).toBe(true);
              expect(lot.remainingQuantity.lte(lot.originalQuantity)).toBe(true);
              expect(lot.status).toBe(lot.remainingQuantity.isZero() ? 'depleted' : 'active');
            }
          }),
          { numRuns: 150 },
        );
      });

      it('splits what was paid exactly between what was sold and what is left', () => {
        fc.assert(
          fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
            const transactions = history(steps, method);
            const ledger = replayHolding(transactions);
            const paid = sum(
              transactions
                .filter((t) => t.type === 'buy')
                .map((t) => dec(t.quantity).mul(t.price).plus(t.fees)),
            );
            const soldCost = sum(
              ledger.sales.flatMap((s) => s.allocations.map((a) => a.costBasis)),
            );
            // Up to the 28-digit rounding of the divisions (a fee's share of a partial sale, the
            // average): far below a cent.
            const gap = soldCost.plus(ledger.remainingCost).minus(paid).abs();
            expect(gap.lte('1e-12')).toBe(true);
          }),
          { numRuns: 150 },
        );
      });
    });
  }

  it('undoing any sale gives back exactly the lots from before it', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 2, maxLength: 20 }),
        fc.constantFrom(...COST_BASIS_METHODS),
        (steps, method) => {
          const transactions = history(steps, method);
          const lastSale = transactions.findLastIndex((t) => t.type === 'sell');
          fc.pre(lastSale > 0 && method !== 'average_cost');
          const before = replayHolding(transactions.slice(0, lastSale));
          const after = replayHolding(transactions.slice(0, lastSale + 1));
          const restored = restoreLots(after.lots, after.sales.at(-1)?.allocations ?? []);
          expect(
            restored.map((lot) => [lot.id, lot.remainingQuantity.toString(), lot.status]),
          ).toEqual(
            before.lots.map((lot) => [lot.id, lot.remainingQuantity.toString(), lot.status]),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses, whatever the method, a sale above what is held', () => {
    fc.assert(
      fc.property(
        amount(1, 100_000),
        amount(1, 100_000),
        fc.constantFrom(...COST_BASIS_METHODS),
        (held, extra, method) => {
          const requested = dec(held).plus(extra).toString();
          const run = () =>
            replayHolding([
              {
                id: 'b',
                type: 'buy',
                quantity: held,
                price: '10',
                fees: '0',
                exchangeRateToBase: '1',
                tradeDate: '2024-01-01',
              },
              {
                id: 's',
                type: 'sell',
                quantity: requested,
                price: '10',
                fees: '0',
                exchangeRateToBase: '1',
                tradeDate: '2024-01-02',
                costBasisMethod: method,
                selectedLots: [{ lotId: 'b', quantity: requested }],
              },
            ]);
          expect(run).toThrow(LedgerError);
        },
      ),
    );
  });

  it('gives the same FIFO result whatever order same-day buys are listed in, when their prices match', () => {
    fc.assert(
      fc.property(
        fc.array(amount(1, 10_000), { minLength: 2, maxLength: 8 }),
        amount(1, 100_000),
        (quantities, price) => {
          const buys = quantities.map((quantity, index): LedgerTransaction => ({
            id: `b${index}`,
            type: 'buy',
            quantity,
            price,
            fees: '0',
            exchangeRateToBase: '1',
            tradeDate: '2024-01-01',
          }));
          const total = sum(quantities.map((q) => dec(q)));
          const sale: LedgerTransaction = {
            id: 's',
            type: 'sell',
            quantity: total.div(2).toDecimalPlaces(2).toString(),
            price: '1',
            fees: '0',
            exchangeRateToBase: '1',
            tradeDate: '2024-06-01',
            costBasisMethod: 'fifo',
          };
          // Proceeds, cost and gain are summed before rounding; the tax is rounded per lot, so
          // it may differ by cents when the lots are split differently.
          const totals = (list: LedgerTransaction[]) => {
            const total = replayHolding(list).sales[0]?.tax.total;
            return [total?.proceeds, total?.costBasis, total?.gainLoss];
          };
          expect(totals([...buys].reverse().concat(sale))).toEqual(totals([...buys, sale]));
        },
      ),
    );
  });
});
