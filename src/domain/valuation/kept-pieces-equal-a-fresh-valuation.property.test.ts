import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDay, toDay } from './dates';
import { computePortfolioValuation, type HoldingPieces } from './engine';
import type { RangeKey } from './dates';
import type { HoldingInput, ValuationInput, ValuationTransaction } from './types';

const FIRST = toDay('2023-01-02');
const DAYS = 400;
const ASOF = fromDay(FIRST + DAYS - 1);

/** Closes in cents (so they print as the decimals they are), one per day. */
const closes = (seed: number) => {
  const days: number[] = [];
  const values: number[] = [];
  let cents = 1_000 + seed * 37;
  for (let i = 0; i < DAYS; i += 1) {
    cents = Math.max(100, cents + (((i * 7919 + seed * 104_729) % 41) - 20));
    days.push(FIRST + i);
    values.push(cents / 100);
  }
  return { days, values };
};

const trade = fc.record({
  day: fc.integer({ min: 0, max: DAYS - 1 }),
  type: fc.constantFrom<ValuationTransaction['type']>('buy', 'dividend', 'fee'),
  quantity: fc.integer({ min: 1, max: 50 }),
  cents: fc.integer({ min: 100, max: 20_000 }),
});
type Trade = { day: number; type: ValuationTransaction['type']; quantity: number; cents: number };

const holdingOf = (index: number, trades: Trade[], version: number): HoldingInput => ({
  id: `h${index}`,
  version: String(version),
  class: 'market_investment',
  currency: index % 2 ? 'USD' : 'EUR',
  transactions: [...trades]
    .sort((a, b) => a.day - b.day)
    .map((t) => ({
      date: fromDay(FIRST + t.day),
      type: t.type,
      quantity: t.type === 'buy' ? String(t.quantity) : '1',
      price: (t.cents / 100).toString(),
      fees: '0.5',
    })),
  closes: closes(index),
});

const fx = {
  base: 'EUR',
  rates: {
    USD: {
      dates: Array.from({ length: DAYS }, (_, i) => fromDay(FIRST + i)),
      values: Array.from({ length: DAYS }, (_, i) => 1 + ((i * 13) % 20) / 100),
    },
  },
};

const input = (holdings: HoldingInput[], range: RangeKey, currency = 'EUR'): ValuationInput => ({
  currency,
  asOf: ASOF,
  range,
  holdings,
  fx,
  fxVersion: '1',
});

/** The result without its float daily arrays' identity (compared by value). */
const comparable = (result: ReturnType<typeof computePortfolioValuation>) => ({
  ...result,
  daily: {
    firstDay: result.daily.firstDay,
    value: [...result.daily.value],
    inflow: [...result.daily.inflow],
    outflow: [...result.daily.outflow],
  },
});

describe('a valuation that keeps its holdings’ pieces', () => {
  it('answers exactly what a fresh valuation answers, edit after edit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(trade, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }),
        fc.array(
          fc.record({
            holding: fc.nat(),
            trade,
            range: fc.constantFrom<RangeKey>('1M', '1Y', 'MAX'),
            currency: fc.constantFrom('EUR', 'USD'),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (initial, edits) => {
          const trades = initial.map((list) => [...list]);
          const versions = trades.map(() => 0);
          const pieces: HoldingPieces = new Map();
          const holdings = () => trades.map((list, i) => holdingOf(i, list, versions[i] as number));
          computePortfolioValuation(input(holdings(), 'MAX'), pieces);
          for (const edit of edits) {
            const index = edit.holding % trades.length;
            (trades[index] as Trade[]).push(edit.trade);
            versions[index] = (versions[index] as number) + 1;
            const kept = computePortfolioValuation(
              input(holdings(), edit.range, edit.currency),
              pieces,
            );
            const fresh = computePortfolioValuation(input(holdings(), edit.range, edit.currency));
            expect(comparable(kept)).toEqual(comparable(fresh));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('walks again only the holdings whose version changed', () => {
    const trades: Trade[][] = [
      [{ day: 0, type: 'buy', quantity: 5, cents: 1_000 }],
      [{ day: 3, type: 'buy', quantity: 2, cents: 2_000 }],
    ];
    const pieces: HoldingPieces = new Map();
    computePortfolioValuation(
      input(
        trades.map((list, i) => holdingOf(i, list, 0)),
        'MAX',
      ),
      pieces,
    );
    const untouched = pieces.get('h0')?.daily;
    const touched = pieces.get('h1')?.daily;
    (trades[1] as Trade[]).push({ day: 10, type: 'buy', quantity: 1, cents: 2_100 });
    computePortfolioValuation(
      input(
        trades.map((list, i) => holdingOf(i, list, i === 1 ? 1 : 0)),
        'MAX',
      ),
      pieces,
    );
    expect(pieces.get('h0')?.daily).toBe(untouched);
    expect(pieces.get('h1')?.daily).not.toBe(touched);
    // A holding no longer given is forgotten.
    computePortfolioValuation(input([holdingOf(0, trades[0] as Trade[], 0)], 'MAX'), pieces);
    expect([...pieces.keys()]).toEqual(['h0']);
  });
});
