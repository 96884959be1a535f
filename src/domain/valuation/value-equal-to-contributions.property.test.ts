import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDay, RANGES, toDay } from './dates';
import { computePortfolioValuation } from './engine';
import type { HoldingInput, SavingsFlow, ValuationTransaction } from './types';

const CREATED = toDay('2024-02-20');
const PRICE = 25;

/**
 * A simulation whose value is always what was put in: its initial cash (a savings-like line, paid
 * in on its first day) and holdings bought and sold from that cash at a price that never moves,
 * without fees. Whatever the trades, the day the simulation is looked at (its first day
 * included) and the range, nothing was gained or lost: TWR and MWR are both 0.
 */
describe('a simulation worth what was put in', () => {
  it('has a TWR and an MWR of 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.array(
          fc.record({
            holding: fc.constantFrom('a', 'b'),
            day: fc.integer({ min: 0, max: 400 }),
            quantity: fc.integer({ min: 1, max: 100 }),
            sell: fc.boolean(),
          }),
          { maxLength: 8 },
        ),
        fc.constantFrom(...RANGES),
        (initialCash, age, trades, range) => {
          const asOf = CREATED + age;
          const cashFlows: SavingsFlow[] = [
            { date: fromDay(CREATED), type: 'deposit', amount: String(initialCash) },
          ];
          const held = { a: 0, b: 0 };
          const transactions: Record<'a' | 'b', ValuationTransaction[]> = { a: [], b: [] };
          let balance = initialCash;
          const sorted = trades
            .map((trade) => ({ ...trade, day: CREATED + Math.min(trade.day, age) }))
            .sort((x, y) => x.day - y.day);
          for (const trade of sorted) {
            const quantity = trade.sell
              ? Math.min(trade.quantity, held[trade.holding])
              : Math.min(trade.quantity, Math.floor(balance / PRICE));
            if (quantity === 0) continue;
            const amount = quantity * PRICE;
            held[trade.holding] += trade.sell ? -quantity : quantity;
            balance += trade.sell ? amount : -amount;
            const date = fromDay(trade.day);
            transactions[trade.holding].push({
              date,
              type: trade.sell ? 'sell' : 'buy',
              quantity: String(quantity),
              price: String(PRICE),
              fees: '0',
            });
            cashFlows.push({
              date,
              type: trade.sell ? 'deposit' : 'withdrawal',
              amount: String(amount),
              internal: true,
            });
          }
          const holdings: HoldingInput[] = [
            {
              id: 'cash',
              class: 'savings_account',
              currency: 'EUR',
              savings: { flows: cashFlows },
            },
            ...(['a', 'b'] as const)
              .filter((id) => transactions[id].length > 0)
              .map((id): HoldingInput => ({
                id,
                class: 'market_investment',
                currency: 'EUR',
                transactions: transactions[id],
                closes: { days: [CREATED], values: [PRICE] },
              })),
          ];
          const result = computePortfolioValuation({
            currency: 'EUR',
            asOf: fromDay(asOf),
            range,
            holdings,
          });
          expect(result.figures.value).toBe(String(initialCash));
          expect(result.figures.netContributions).toBe(String(initialCash));
          const p = result.performance;
          expect(Math.abs(p.twr)).toBeLessThan(1e-12);
          expect(p.mwr).not.toBeNull();
          expect(Math.abs(p.mwr ?? Number.NaN)).toBeLessThan(1e-9);
          expect(Math.abs(p.mwrAnnualised ?? Number.NaN)).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 300 },
    );
  });
});
