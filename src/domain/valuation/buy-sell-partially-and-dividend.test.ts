import { describe, expect, it } from 'vitest';
import { computePortfolioValuation } from './engine';
import { fifoLots } from './testing/bench-portfolio';
import { inflowOn, outflowOn, series, tx, valueOn } from './testing/builders';
import type { HoldingInput } from './types';

// Buy 10 @ 100 (fees 1) on 1 Jan; sell 4 @ 120 (fees 2) on 3 Jan; dividend of 0.50 a share on the
// 6 shares left (tax 0.45) on 4 Jan. Closes: 100 (1 Jan), 120 (2 Jan, carried to 3 Jan), 125.
//   V: 1000, 1200, 6 x 120 = 720, 6 x 125 = 750
//   In(1 Jan) = 1001; Out(3 Jan) = 480 - 2 = 478; Out(4 Jan) = 3 - 0.45 = 2.55
//   r: 1000/1001 - 1, 1200/1000 - 1 = 0.2, (720 + 478)/1200 - 1, (750 + 2.55)/720 - 1
//   FIFO: the 4 units sold cost 400 + 4/10 of the fees = 400.4; proceeds 478; gain 77.6.
//   Held: 6 units costing 600 + 0.6 = 600.6; unrealised 750 - 600.6 = 149.4.
const transactions = [
  tx('2024-01-01', 'buy', '10', '100', { fees: '1' }),
  tx('2024-01-03', 'sell', '4', '120', { fees: '2' }),
  tx('2024-01-04', 'dividend', '6', '0.5', { tax: '0.45' }),
];
const holding: HoldingInput = {
  id: 'acme',
  class: 'market_investment',
  currency: 'EUR',
  transactions,
  closes: series({ '2024-01-01': 100, '2024-01-02': 120, '2024-01-04': 125 }),
};
const value = (h: HoldingInput) =>
  computePortfolioValuation({ currency: 'EUR', asOf: '2024-01-04', holdings: [h] });

describe('buy, sell part, receive a dividend', () => {
  const result = value(holding);

  it('values and records the flows of each day', () => {
    expect([1, 2, 3, 4].map((d) => valueOn(result, `2024-01-0${d}`))).toEqual([
      1000, 1200, 720, 750,
    ]);
    expect(inflowOn(result, '2024-01-01')).toBe(1001);
    expect(outflowOn(result, '2024-01-03')).toBe(478);
    expect(outflowOn(result, '2024-01-04')).toBeCloseTo(2.55, 12);
  });

  it('chains the returns with the sale and the dividend as money out', () => {
    const expected = (1000 / 1001) * 1.2 * ((720 + 478) / 1200) * ((750 + 2.55) / 720) - 1;
    expect(result.performance.twr).toBeCloseTo(expected, 12);
  });

  it('sums the money figures exactly (the engine replays FIFO lots itself)', () => {
    expect(result.figures).toMatchObject({
      value: '750',
      previousValue: '720',
      // 750 - 720 - (0 - 2.55)
      dayChange: '32.55',
      costBasis: '600.6',
      unrealisedGain: '149.4',
      realisedGain: '77.6',
      dividends: '3',
      taxes: '0.45',
      fees: '3',
      // 1001 - 478 - 2.55
      netContributions: '520.45',
    });
  });

  it('gives the same figures from the ledger lots and tax rows', () => {
    const fromLedger = value({ ...holding, ...fifoLots(transactions) });
    expect(fromLedger.figures).toEqual(result.figures);
  });

  it('replays up to asOf when the ledger lots are of a later day', () => {
    // On 2 Jan nothing is sold yet: the 10 units cost 1,001, no gain is realised.
    const early = computePortfolioValuation({
      currency: 'EUR',
      asOf: '2024-01-02',
      holdings: [{ ...holding, ...fifoLots(transactions) }],
    });
    expect(early.figures).toMatchObject({
      value: '1200',
      costBasis: '1001',
      realisedGain: '0',
      unrealisedGain: '199',
    });
  });
});
