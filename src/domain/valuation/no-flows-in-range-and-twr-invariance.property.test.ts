import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDay, toDay } from './dates';
import { computePortfolioValuation } from './engine';
import type { HoldingInput, ValuationTransaction } from './types';

const FIRST = toDay('2024-01-01');

/** A price path of `length` days (in cents, so closes print as the decimals they are). */
const pricePath = (length: number) =>
  fc.array(fc.integer({ min: 100, max: 100_000 }), { minLength: length, maxLength: length });

const holding = (
  id: string,
  cents: number[],
  transactions: ValuationTransaction[],
): HoldingInput => ({
  id,
  class: 'market_investment',
  currency: 'EUR',
  transactions,
  closes: { days: cents.map((_, i) => FIRST + i), values: cents.map((c) => c / 100) },
});

const price = (cents: number) => (cents / 100).toString();
const relative = (a: number, b: number) => Math.abs((1 + a) / (1 + b) - 1);

describe('a portfolio without flows inside the range', () => {
  it('has TWR = MWR = V(end) / V(opening) - 1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 35, max: 90 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 3 }),
        (length, q1, q2, buyDay) =>
          fc.assert(
            fc.property(pricePath(length), pricePath(length), (a, b) => {
              const asOf = FIRST + length - 1;
              const result = computePortfolioValuation({
                currency: 'EUR',
                asOf: fromDay(asOf),
                range: '1M',
                holdings: [
                  holding('a', a, [
                    {
                      date: fromDay(FIRST),
                      type: 'buy',
                      quantity: String(q1),
                      price: price(a[0] as number),
                      fees: '1.5',
                    },
                  ]),
                  holding('b', b, [
                    {
                      date: fromDay(FIRST + buyDay),
                      type: 'buy',
                      quantity: String(q2),
                      price: price(b[buyDay] as number),
                    },
                  ]),
                ],
              });
              const p = result.performance;
              const opening = toDay(p.start) - 1 - FIRST;
              const valueAt = (i: number) => (q1 * (a[i] as number) + q2 * (b[i] as number)) / 100;
              const expected = valueAt(length - 1) / valueAt(opening) - 1;
              expect(relative(p.twr, expected)).toBeLessThan(1e-9);
              expect(p.mwr).not.toBeNull();
              expect(relative(p.mwr ?? Number.NaN, expected)).toBeLessThan(1e-9);
            }),
            { numRuns: 5 },
          ),
      ),
      { numRuns: 20 },
    );
  });
});

describe('TWR of a single holding is its price return, whatever is traded at the flow price', () => {
  // r(t) = (V(t) + Out(t)) / (V(t-1) + In(t)) - 1 counts money in as at work from the start of
  // the day and money out as taken at its end: a sale at the day's close, or a purchase at the
  // previous close (the price the day starts from), leaves the TWR unchanged. (A purchase at the
  // day's close would be diluted by that day's move: see docs/decisions.md (Valuation engine).)
  it('is unchanged by a sale at the close or a purchase at the previous close', () => {
    fc.assert(
      fc.property(
        pricePath(40),
        fc.integer({ min: 10, max: 1000 }),
        fc.integer({ min: 1, max: 39 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 1000 }),
        (cents, quantity, day, selling, amount) => {
          const asOf = fromDay(FIRST + 39);
          const base: ValuationTransaction = {
            date: fromDay(FIRST),
            type: 'buy',
            quantity: String(quantity),
            price: price(cents[0] as number),
          };
          const extra: ValuationTransaction = selling
            ? {
                date: fromDay(FIRST + day),
                type: 'sell',
                quantity: String(Math.min(amount, quantity - 1)),
                price: price(cents[day] as number),
              }
            : {
                date: fromDay(FIRST + day),
                type: 'buy',
                quantity: String(amount),
                price: price(cents[day - 1] as number),
              };
          const run = (transactions: ValuationTransaction[]) =>
            computePortfolioValuation({
              currency: 'EUR',
              asOf,
              holdings: [holding('a', cents, transactions)],
            }).performance.twr;
          const without = run([base]);
          const withTrade = run([base, extra]);
          const priceReturn = (cents[39] as number) / (cents[0] as number) - 1;
          expect(relative(without, priceReturn)).toBeLessThan(1e-9);
          expect(relative(withTrade, without)).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("a holding's own figures", () => {
  it("are the portfolio's when it is the only holding", () => {
    fc.assert(
      fc.property(
        pricePath(60),
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 59 }),
            type: fc.constantFrom('buy', 'buy', 'sell', 'dividend', 'fee') as fc.Arbitrary<
              ValuationTransaction['type']
            >,
            quantity: fc.integer({ min: 1, max: 50 }),
            fees: fc.integer({ min: 0, max: 500 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.constantFrom('1W', '1M', 'YTD', 'MAX') as fc.Arbitrary<'1W' | '1M' | 'YTD' | 'MAX'>,
        (cents, trades, range) => {
          const sorted = [...trades].sort((a, b) => a.day - b.day);
          let held = 0;
          const transactions: ValuationTransaction[] = [];
          for (const trade of sorted) {
            const type = trade.type === 'sell' && held < trade.quantity ? 'buy' : trade.type;
            if (type === 'buy') held += trade.quantity;
            if (type === 'sell') held -= trade.quantity;
            transactions.push({
              date: fromDay(FIRST + trade.day),
              type,
              quantity: String(trade.quantity),
              price: type === 'dividend' ? '0.25' : price(cents[trade.day] as number),
              fees: (trade.fees / 100).toString(),
            });
          }
          const result = computePortfolioValuation({
            currency: 'EUR',
            asOf: fromDay(FIRST + 59),
            range,
            holdings: [holding('a', cents, transactions)],
          });
          const own = result.holdings[0]?.performance;
          const whole = result.performance;
          expect(own?.start).toBe(whole.start);
          expect(own?.openingValue).toBe(whole.openingValue);
          expect(own?.twr).toBeCloseTo(whole.twr, 12);
          expect(own?.maxDrawdown).toBeCloseTo(whole.maxDrawdown, 12);
          expect(own?.volatility ?? 0).toBeCloseTo(whole.volatility ?? 0, 12);
          expect(own?.mwrAnnualised ?? 0).toBeCloseTo(whole.mwrAnnualised ?? 0, 9);
        },
      ),
      { numRuns: 200 },
    );
  });
});
