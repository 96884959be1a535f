import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerState, replayHolding } from '@/domain/ledger';
import { historyAndSplit } from '@/domain/ledger/testing/histories';
import { packRows } from '../../db/bulk-insert';
import { lotAllocations, taxCalculations, transactionLots } from '../../db/schema';
import {
  packLedgerRows,
  packLotUpdates,
  planRebuild,
  planRebuildTask,
  replayedTax,
  salesTaxText,
  type RebuildStart,
  rebuildTaskInput,
  unpackLedgerRows,
} from './ledger-plan';

/**
 * A long replay is planned on a compute worker (`planRebuildTask`, issue 12): its input crosses
 * as structured-clone data (decimal lots as strings) and its rows come back packed. Whatever the
 * history and wherever the replay resumes, the worker's plan is the one this thread would write.
 */

const scope = {
  userId: '11111111-1111-4111-8111-111111111111',
  portfolioId: '22222222-2222-4222-8222-222222222222',
  simulationId: null,
  holdingId: '33333333-3333-4333-8333-333333333333',
};
const now = new Date('2026-03-04T05:06:07.000Z');

const histories = fc
  .tuple(historyAndSplit, fc.boolean())
  .map(([[transactions, split], staleAll]) => [transactions, split, staleAll] as const);

describe('a replay planned on a compute worker', () => {
  it('writes exactly what the request thread would, resumed or whole', async () => {
    await fc.assert(
      fc.asyncProperty(histories, async ([transactions, split, staleAll]) => {
        const before = transactions.slice(0, split);
        const rest = transactions.slice(split);
        const state = ledgerState(replayHolding(before));
        // Stored figures that differ from the replay's, so that changed lots are written.
        const start: RebuildStart | null =
          split === 0
            ? null
            : {
                state,
                stored: new Map(state.lots.map((lot) => [lot.id, 'stored'])),
                changedOn: new Map(state.lots.map((lot) => [lot.id, lot.acquisitionDate])),
                stale: new Set(staleAll ? state.lots.map((lot) => lot.id) : []),
              };
        const here = await planRebuild(start, rest, scope, now);
        // The tax answered for the last sale replayed (none: no tax asked).
        const taxOf = rest.findLast((transaction) => transaction.type === 'sell')?.id ?? null;
        const there = await planRebuildTask(
          structuredClone(
            await rebuildTaskInput(start, rest, scope, now, { taxOf, recordedSales: null }),
          ),
        );
        expect(there).toEqual({
          ok: true,
          changed: packLotUpdates(here.changed),
          lotRows: packRows(transactionLots, here.lotRows),
          allocations: packRows(lotAllocations, here.allocations),
          taxRows: packRows(taxCalculations, here.taxRows),
          quantity: here.quantity,
          purchasePrice: here.purchasePrice,
          lotsCost: here.lotsCost,
          tax: taxOf ? replayedTax(here.ledger, taxOf) : null,
        });
        if (taxOf) expect(there.ok && there.tax?.lots.length).toBeGreaterThan(0);
        // Sales recorded as the replay writes them are kept; one recorded otherwise is refused.
        const recorded = salesTaxText(here.taxRows.map((row) => ({ ...row })));
        const kept = await planRebuildTask(
          await rebuildTaskInput(start, rest, scope, now, { taxOf: null, recordedSales: recorded }),
        );
        expect(kept.ok).toBe(true);
        const [firstSale] = recorded.keys();
        if (firstSale) {
          const refused = await planRebuildTask(
            await rebuildTaskInput(start, rest, scope, now, {
              taxOf: null,
              recordedSales: new Map([...recorded, [firstSale, 'another sale']]),
            }),
          );
          expect(refused).toMatchObject({ ok: false, code: 'LOT_CONSUMED' });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('answers a broken rule as the API error, with its code and figures', async () => {
    const result = await planRebuildTask(
      await rebuildTaskInput(
        null,
        [
          {
            id: '44444444-4444-4444-8444-444444444444',
            type: 'buy',
            quantity: '2',
            price: '10',
            fees: '0',
            exchangeRateToBase: '1',
            tradeDate: '2025-01-02',
          },
          {
            id: '55555555-5555-4555-8555-555555555555',
            type: 'sell',
            quantity: '3',
            price: '12',
            fees: '0',
            exchangeRateToBase: '1',
            tradeDate: '2025-01-03',
            costBasisMethod: 'fifo',
          },
        ],
        scope,
        now,
      ),
    );
    expect(result).toEqual({
      ok: false,
      code: 'INSUFFICIENT_BALANCE',
      details: { available: '2', requested: '3' },
      message: 'Insufficient balance. Available: 2, Requested: 3',
    });
  });

  it('sends the transactions as texts per field, read back as they were', async () => {
    await fc.assert(
      fc.asyncProperty(historyAndSplit, async ([transactions]) => {
        const back = unpackLedgerRows(structuredClone(await packLedgerRows(transactions)));
        expect(back).toEqual(
          transactions.map((row) => ({
            ...row,
            costBasisMethod: row.costBasisMethod ?? null,
            selectedLots: row.selectedLots ?? null,
          })),
        );
      }),
      { numRuns: 100 },
    );
    expect(unpackLedgerRows(await packLedgerRows([]))).toEqual([]);
    // More than one text per field.
    const many = Array.from({ length: 2_345 }, (_, index) => ({
      id: `id-${index}`,
      type: 'buy' as const,
      quantity: String(index + 1),
      price: '1.5',
      fees: '0',
      exchangeRateToBase: '1',
      tradeDate: '2024-01-02',
      costBasisMethod: null,
      selectedLots: null,
    }));
    const packed = await packLedgerRows(many);
    expect(packed.id).toHaveLength(3);
    expect(unpackLedgerRows(structuredClone(packed))).toEqual(many);
  });
});
