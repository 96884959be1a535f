import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, Decimal, ZERO } from '../money/decimal';
import { LedgerError } from './errors';
import { restoreLots, totalRemainingCost } from './lots';
import { replayHolding } from './replay';
import {
  COST_BASIS_METHODS,
  type CostBasisMethod,
  type LedgerTransaction,
  type LotSelection,
} from './types';

/** Amounts with up to 2 decimals (prices, fees), as exact decimal strings (no float noise). */
const amount = (min: number, max: number) =>
  fc.integer({ min, max }).map((cents) => new Decimal(cents).div(100).toFixed());

/**
 * Quantities with up to 8 decimals (crypto), as exact decimal strings: dust (0.00000001 to
 * 0.00001), everyday amounts, and large ones.
 */
const quantity = fc
  .oneof(
    fc.integer({ min: 1, max: 1_000 }),
    fc.integer({ min: 1, max: 10_000_000_000 }),
    fc.integer({ min: 1, max: 10_000_000_000_000 }),
  )
  .map((units) => new Decimal(units).div(100_000_000).toFixed());
const dust = fc.integer({ min: 1, max: 1_000 }).map((n) => new Decimal(n).div(100_000_000));

type Step = {
  /** A sale of some quantity, of everything held, or of everything but a dust remainder. */
  kind: 'buy' | 'sell' | 'sellAll' | 'sellAllButDust';
  quantity: string;
  dust: Decimal;
  price: string;
  fees: string;
  /** Used when the history mixes methods. */
  method: CostBasisMethod;
};
const step: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom<Step['kind']>(
    'buy',
    'buy',
    'buy',
    'sell',
    'sell',
    'sellAll',
    'sellAllButDust',
  ),
  quantity,
  dust,
  price: amount(1, 1_000_000),
  fees: amount(0, 2_000),
  method: fc.constantFrom(...COST_BASIS_METHODS),
});
const steps = (maxLength: number) => fc.array(step, { minLength: 1, maxLength });

/**
 * Turns steps into transactions a day apart; sales never exceed what is held (clamped). Every
 * sale uses `method`, or its own when `method` is 'mixed'. A specific-lot sale chooses the newest
 * lots that still hold something, as the ledger stands before it.
 */
function history(list: Step[], method: CostBasisMethod | 'mixed'): LedgerTransaction[] {
  let held = ZERO;
  const out: LedgerTransaction[] = [];
  list.forEach((s, index) => {
    const date = new Date(Date.UTC(2020, 0, 1 + index)).toISOString().slice(0, 10);
    const id = `t${index}`;
    if (s.kind === 'buy') {
      held = held.plus(s.quantity);
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
    const wanted =
      s.kind === 'sellAll'
        ? held
        : s.kind === 'sellAllButDust'
          ? held.minus(s.dust)
          : dec(s.quantity);
    const sold = Decimal.min(wanted, held);
    if (sold.lte(0)) return;
    held = held.minus(sold);
    const saleMethod = method === 'mixed' ? s.method : method;
    let selectedLots: LotSelection[] | null = null;
    if (saleMethod === 'specific_id') {
      selectedLots = [];
      let left = sold;
      for (const lot of [...replayHolding(out).lots].reverse()) {
        if (left.lte(0)) break;
        const part = Decimal.min(left, lot.remainingQuantity);
        if (part.lte(0)) continue;
        selectedLots.push({ lotId: lot.id, quantity: part.toFixed() });
        left = left.minus(part);
      }
    }
    out.push({
      id,
      type: 'sell',
      quantity: sold.toFixed(),
      price: s.price,
      fees: s.fees,
      exchangeRateToBase: '1',
      tradeDate: date,
      costBasisMethod: saleMethod,
      selectedLots,
    });
  });
  return out;
}

const sum = (values: Decimal[]) => values.reduce((total, value) => total.plus(value), ZERO);
const METHODS = [...COST_BASIS_METHODS, 'mixed'] as const;

describe('ledger properties, for every cost basis method and for histories that mix them', () => {
  for (const method of METHODS) {
    describe(method, () => {
      it('conserves quantity to the last 0.00000001 and never lets a lot go negative', () => {
        fc.assert(
          fc.property(steps(30), (list) => {
            const transactions = history(list, method);
            const ledger = replayHolding(transactions);
            const bought = sum(
              transactions.filter((t) => t.type === 'buy').map((t) => dec(t.quantity)),
            );
            const sold = sum(
              transactions.filter((t) => t.type === 'sell').map((t) => dec(t.quantity)),
            );
            expect(ledger.quantity.toFixed()).toBe(bought.minus(sold).toFixed());
            // Each sale took exactly its quantity from the lots.
            for (const sale of ledger.sales) {
              const recorded = transactions.find((t) => t.id === sale.transactionId);
              expect(sum(sale.allocations.map((a) => a.quantity)).toFixed()).toBe(
                dec(recorded?.quantity ?? '0').toFixed(),
              );
            }
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
          fc.property(steps(30), (list) => {
            const transactions = history(list, method);
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
            // Nothing held costs nothing: no cost is stranded in a lot with no units.
            if (ledger.quantity.isZero()) expect(ledger.remainingCost.isZero()).toBe(true);
          }),
          { numRuns: 150 },
        );
      });

      it('undoing the last sale gives back the units, statuses and cost from before it', () => {
        fc.assert(
          fc.property(steps(20), (list) => {
            const transactions = history(list, method);
            const lastSale = transactions.findLastIndex((t) => t.type === 'sell');
            fc.pre(lastSale > 0);
            const before = replayHolding(transactions.slice(0, lastSale));
            const after = replayHolding(transactions.slice(0, lastSale + 1));
            const restored = restoreLots(after.lots, after.sales.at(-1)?.allocations ?? []);
            expect(
              restored.map((lot) => [lot.id, lot.remainingQuantity.toFixed(), lot.status]),
            ).toEqual(
              before.lots.map((lot) => [lot.id, lot.remainingQuantity.toFixed(), lot.status]),
            );
            const gap = totalRemainingCost(restored).minus(before.remainingCost).abs();
            expect(gap.lte('1e-12')).toBe(true);
          }),
          { numRuns: 150 },
        );
      });
    });
  }

  it('refuses, whatever the method, a sale above what is held, even by 0.00000001', () => {
    fc.assert(
      fc.property(
        quantity,
        fc.oneof(
          dust.map((d) => d.toFixed()),
          quantity,
        ),
        fc.constantFrom(...COST_BASIS_METHODS),
        (held, extra, method) => {
          const requested = dec(held).plus(extra).toFixed();
          try {
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
            expect.unreachable();
          } catch (error) {
            expect(error).toBeInstanceOf(LedgerError);
            expect((error as LedgerError).code).toBe('INSUFFICIENT_BALANCE');
          }
        },
      ),
    );
  });

  it('leaves a dust remainder in its lot, with its cost, and sells it later to the last unit', () => {
    fc.assert(
      fc.property(
        quantity,
        amount(1, 1_000_000),
        amount(0, 2_000),
        dust,
        fc.constantFrom(...COST_BASIS_METHODS),
        (bought, price, fees, remainder, method) => {
          fc.pre(dec(bought).gt(remainder));
          const first = dec(bought).minus(remainder).toFixed();
          const sale = (id: string, q: string): LedgerTransaction => ({
            id,
            type: 'sell',
            quantity: q,
            price: '1',
            fees: '0',
            exchangeRateToBase: '1',
            tradeDate: '2024-02-01',
            costBasisMethod: method,
            selectedLots: [{ lotId: 'b', quantity: q }],
          });
          const buy: LedgerTransaction = {
            id: 'b',
            type: 'buy',
            quantity: bought,
            price,
            fees,
            exchangeRateToBase: '1',
            tradeDate: '2024-01-01',
          };
          const partly = replayHolding([buy, sale('s1', first)]);
          expect(partly.lots[0]?.remainingQuantity.toFixed()).toBe(remainder.toFixed());
          expect(partly.lots[0]?.status).toBe('active');
          const all = replayHolding([buy, sale('s1', first), sale('s2', remainder.toFixed())]);
          expect(all.lots[0]?.status).toBe('depleted');
          const soldCost = sum(all.sales.flatMap((s) => s.allocations.map((a) => a.costBasis)));
          const paid = dec(bought).mul(price).plus(fees);
          expect(soldCost.minus(paid).abs().lte('1e-12')).toBe(true);
        },
      ),
    );
  });

  it('gives the same FIFO result whatever order same-day buys are listed in, when their prices match', () => {
    fc.assert(
      fc.property(
        fc.array(quantity, { minLength: 2, maxLength: 8 }),
        amount(1, 100_000),
        (quantities, price) => {
          const buys = quantities.map((q, index): LedgerTransaction => ({
            id: `b${index}`,
            type: 'buy',
            quantity: q,
            price,
            fees: '0',
            exchangeRateToBase: '1',
            tradeDate: '2024-01-01',
          }));
          const total = sum(quantities.map((q) => dec(q)));
          const sale: LedgerTransaction = {
            id: 's',
            type: 'sell',
            quantity: total.div(2).toDecimalPlaces(8).toFixed(),
            price: '1',
            fees: '0',
            exchangeRateToBase: '1',
            tradeDate: '2024-06-01',
            costBasisMethod: 'fifo',
          };
          // Full precision: the lines are rounded to cents one by one, so a total of rounded lines
          // may differ by cents when the lots are split differently; the exact figures may not.
          const figures = (list: LedgerTransaction[]) => {
            const ledger = replayHolding(list);
            const lines = ledger.sales[0]?.figures.lots ?? [];
            return [
              sum(lines.map((line) => line.proceeds)).toFixed(),
              sum(lines.map((line) => line.costBasis)).toFixed(),
              ledger.remainingCost.toFixed(),
            ];
          };
          expect(figures([...buys].reverse().concat(sale))).toEqual(figures([...buys, sale]));
        },
      ),
    );
  });

  it('gives an average-cost sale the same cost, and leaves the same cost held, whatever order the buys came in', () => {
    const buyStep = fc.record({ quantity, price: amount(1, 1_000_000), fees: amount(0, 2_000) });
    fc.assert(
      fc.property(
        fc
          .array(buyStep, { minLength: 2, maxLength: 8 })
          .chain((buys) =>
            fc.tuple(
              fc.constant(buys),
              fc.shuffledSubarray(buys, { minLength: buys.length, maxLength: buys.length }),
            ),
          ),
        fc.integer({ min: 1, max: 100 }),
        ([buys, shuffled], percent) => {
          const held = sum(buys.map((b) => dec(b.quantity)));
          const sold = held.mul(percent).div(100).toDecimalPlaces(8, Decimal.ROUND_DOWN);
          fc.pre(sold.gt(0));
          const run = (list: typeof buys) => {
            const ledger = replayHolding([
              ...list.map((b, index): LedgerTransaction => ({
                id: `b${index}`,
                type: 'buy',
                ...b,
                exchangeRateToBase: '1',
                tradeDate: new Date(Date.UTC(2024, 0, 1 + index)).toISOString().slice(0, 10),
              })),
              {
                id: 's',
                type: 'sell',
                quantity: sold.toFixed(),
                price: '100',
                fees: '0',
                exchangeRateToBase: '1',
                tradeDate: '2024-06-01',
                costBasisMethod: 'average_cost',
              },
            ]);
            return {
              soldCost: sum(ledger.sales[0]?.allocations.map((a) => a.costBasis) ?? []),
              held: ledger.remainingCost,
            };
          };
          const a = run(buys);
          const b = run(shuffled);
          expect(a.soldCost.minus(b.soldCost).abs().lte('1e-15')).toBe(true);
          expect(a.held.toFixed()).toBe(b.held.toFixed());
        },
      ),
    );
  });
});
