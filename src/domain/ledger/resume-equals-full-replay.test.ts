import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LedgerError } from './errors';
import {
  EMPTY_LEDGER_STATE,
  ledgerState,
  replayHolding,
  resumeHolding,
  resumeHoldingPaced,
} from './replay';
import { buildHistory, historyAndSplit, lotText, salesText } from './testing/histories';
import type { LedgerTransaction } from './types';

const histories = historyAndSplit;

/** What a whole replay and a resumed one must agree on, for the part the resumed one covers. */
function expectSameAsWhole(
  whole: ReturnType<typeof replayHolding>,
  resumed: ReturnType<typeof replayHolding>,
  prefixSales: number,
) {
  const wholeLots = new Map(whole.lots.map((lot) => [lot.id, lotText(lot)]));
  for (const lot of resumed.lots) expect(lotText(lot)).toEqual(wholeLots.get(lot.id));
  // Every lot the resumed replay leaves out was depleted before it started, as in the whole one.
  const resumedIds = new Set(resumed.lots.map((lot) => lot.id));
  for (const lot of whole.lots) {
    if (!resumedIds.has(lot.id)) expect(lot.remainingQuantity.isZero()).toBe(true);
  }
  expect(salesText(resumed)).toEqual(salesText(whole).slice(prefixSales));
  expect(resumed.quantity.toFixed()).toBe(whole.quantity.toFixed());
  expect(resumed.remainingCost.toFixed()).toBe(whole.remainingCost.toFixed());
  expect(resumed.lotCount).toBe(whole.lotCount);
  // The last change of each lot the resumed replay changed is the whole replay's last change.
  for (const [id, date] of resumed.changedOn) expect(whole.changedOn.get(id)).toBe(date);
}

describe('resuming a replay from the state at any point', () => {
  it('gives what replaying the whole history gives: lots, sales, tax and totals', () => {
    fc.assert(
      fc.property(histories, ([transactions, cut]) => {
        const prefix = transactions.slice(0, cut);
        const head = replayHolding(prefix);
        const state = ledgerState(head);
        const resumed = resumeHolding(state, transactions.slice(cut));
        expectSameAsWhole(replayHolding(transactions), resumed, head.sales.length);
        // The state is left as it was: it can be resumed from again.
        expect(state.lots.map(lotText)).toEqual(ledgerState(head).lots.map(lotText));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses the same sale with the same error as a whole replay', () => {
    // Histories with a sale made bigger than what is held at its date (or a lot named twice).
    const broken = histories.chain(([transactions, cut]) =>
      fc.tuple(
        fc.constant(transactions),
        fc.constant(cut),
        fc.integer({ min: 0, max: Math.max(0, transactions.length - 1) }),
      ),
    );
    fc.assert(
      fc.property(broken, ([transactions, cut, target]) => {
        const edited: LedgerTransaction[] = transactions.map((transaction, index) =>
          index === target && transaction.type === 'sell'
            ? { ...transaction, quantity: '1000000', selectedLots: transaction.selectedLots }
            : transaction,
        );
        const outcome = (run: () => unknown) => {
          try {
            run();
            return 'ok';
          } catch (error) {
            if (!(error instanceof LedgerError)) throw error;
            return `${error.code}: ${error.message}`;
          }
        };
        const whole = outcome(() => replayHolding(edited));
        const resumed = outcome(() => {
          const state = ledgerState(replayHolding(edited.slice(0, Math.min(cut, target))));
          resumeHolding(state, edited.slice(Math.min(cut, target)));
        });
        expect(resumed).toBe(whole);
      }),
      { numRuns: 150 },
    );
  });

  it('paced, pausing between transactions, gives the same result', async () => {
    await fc.assert(
      fc.asyncProperty(histories, async ([transactions]) => {
        let pauses = 0;
        const paced = await resumeHoldingPaced(EMPTY_LEDGER_STATE, transactions, {
          sliceMs: 0,
          pause: async () => {
            pauses += 1;
          },
        });
        expect(pauses).toBeGreaterThanOrEqual(transactions.length);
        expectSameAsWhole(replayHolding(transactions), paced, 0);
      }),
      { numRuns: 50 },
    );
  });

  it('a long paced replay lets timers run while it works', async () => {
    const steps = Array.from({ length: 4_000 }, (_, index) => ({
      kind: index % 2 === 0 ? ('buy' as const) : ('sell' as const),
      quantity: '1.5',
      price: String(100 + (index % 7)),
      fees: '0.33',
      exchangeRateToBase: '1',
      method: 'average_cost' as const,
      gap: index % 3,
      newestFirst: false,
    }));
    const transactions = buildHistory(steps, 'average_cost');
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 0);
    try {
      const paced = await resumeHoldingPaced(EMPTY_LEDGER_STATE, transactions, { sliceMs: 1 });
      expectSameAsWhole(replayHolding(transactions), paced, 0);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });
});
