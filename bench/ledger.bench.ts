/**
 * Ledger figures (issue 6): replaying lots and tax for 10,000 transactions over 250 holdings, with
 * each cost basis method (target: under 100 ms each). Pure computation, no database.
 */
import { Decimal } from '../src/domain/money/decimal';
import {
  COST_BASIS_METHODS,
  type CostBasisMethod,
  type LedgerTransaction,
  replayPortfolio,
} from '../src/domain/ledger';
import { median, seededRandom as random } from './lib';

const TRANSACTIONS = 10_000;
const HOLDINGS = 250;

/** About 70% buys and 30% sells, a day apart per holding; sales never exceed what is held. */
export function ledgerHistory(method: CostBasisMethod) {
  const next = random(42);
  const byHolding = new Map<string, LedgerTransaction[]>();
  const held = new Map<string, { id: string; left: number }[]>();
  for (let i = 0; i < TRANSACTIONS; i += 1) {
    const holding = `h${i % HOLDINGS}`;
    const list = byHolding.get(holding) ?? [];
    const lots = held.get(holding) ?? [];
    byHolding.set(holding, list);
    held.set(holding, lots);
    const day = new Date(Date.UTC(2018, 0, 1 + Math.floor(i / HOLDINGS)))
      .toISOString()
      .slice(0, 10);
    const price = (50 + Math.floor(next() * 10_000) / 100).toFixed(2);
    const total = lots.reduce((sum, lot) => sum + lot.left, 0);
    const id = `t${i}`;
    if (next() < 0.7 || total < 1) {
      const quantity = 1 + Math.floor(next() * 100);
      lots.push({ id, left: quantity });
      list.push({
        id,
        type: 'buy',
        quantity: String(quantity),
        price,
        fees: '1.5',
        exchangeRateToBase: '1',
        tradeDate: day,
      });
      continue;
    }
    const quantity = Math.max(1, Math.floor(total * next() * 0.5));
    const selectedLots: { lotId: string; quantity: string }[] = [];
    let left = quantity;
    for (const lot of lots) {
      if (left === 0) break;
      const part = Math.min(left, lot.left);
      if (part === 0) continue;
      selectedLots.push({ lotId: lot.id, quantity: String(part) });
      lot.left -= part;
      left -= part;
    }
    list.push({
      id,
      type: 'sell',
      quantity: String(quantity),
      price,
      fees: '1.5',
      exchangeRateToBase: '1',
      tradeDate: day,
      costBasisMethod: method,
      selectedLots: method === 'specific_id' ? selectedLots : null,
    });
  }
  return byHolding;
}

export async function ledgerBench() {
  const methods: Record<string, { medianMs: number; sales: number; formatMs: number }> = {};
  for (const method of COST_BASIS_METHODS) {
    const history = ledgerHistory(method);
    const times: number[] = [];
    let sales = 0;
    for (let run = 0; run < 7; run += 1) {
      const started = performance.now();
      const result = replayPortfolio(history);
      times.push(performance.now() - started);
      sales = [...result.values()].reduce((sum, ledger) => sum + ledger.sales.length, 0);
    }
    // Formatting every sale's estimate as answered (decimal strings) is measured apart: the
    // server formats only the sales a change touched.
    const replayed = replayPortfolio(history);
    const started = performance.now();
    for (const ledger of replayed.values()) for (const sale of ledger.sales) void sale.tax;
    const formatMs = Math.round((performance.now() - started) * 10) / 10;
    methods[method] = { medianMs: Math.round(median(times) * 10) / 10, sales, formatMs };
  }
  return { transactions: TRANSACTIONS, holdings: HOLDINGS, precision: Decimal.precision, methods };
}
