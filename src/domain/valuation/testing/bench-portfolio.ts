import { replayHolding } from '../../ledger/replay';
import type { LedgerTransaction } from '../../ledger/types';
import { toPlain } from '../../money/decimal';
import { toDay } from '../dates';
import type { DailySeries } from '../series';
import type {
  HoldingInput,
  OpenLotInput,
  RealizedInput,
  ValuationInput,
  ValuationTransaction,
} from '../types';

/** The shape of a file written by ../shared/bench-data/generate-synthetic.js. */
export type BenchFile = {
  activities: {
    date: string;
    type: 'BUY' | 'SELL' | 'DIVIDEND';
    symbol: string;
    quantity: number;
    unitPrice: number;
    fee: number;
    currency: string;
  }[];
  prices: Record<string, Record<string, number>>;
};

export type BenchAdaptOptions = {
  /**
   * 'ledger': open lots and tax rows computed here by a FIFO replay, as the server reads them
   * from its lots table (the engine then only sums them); 'engine': left out, the engine replays.
   */
  lots?: 'ledger' | 'engine';
  /** 'days': closes as day numbers (the compact form); 'dates': as YYYY-MM-DD strings. */
  closes?: 'days' | 'dates';
  asOf?: string;
};

/**
 * A bench file as the valuation engine's input, in USD, as of 2024-12-31: one market holding per
 * symbol; BUY and SELL with their fee; a DIVIDEND's quantity is the shares held and its unit price
 * the amount per share (so its amount is quantity x price, as the engine reads a dividend).
 */
export function benchValuationInput(
  file: BenchFile,
  options: BenchAdaptOptions = {},
): ValuationInput {
  const bySymbol = new Map<string, ValuationTransaction[]>();
  file.activities.forEach((activity, index) => {
    const list = bySymbol.get(activity.symbol) ?? [];
    bySymbol.set(activity.symbol, list);
    list.push({
      id: `a${index}`,
      date: activity.date,
      type: activity.type === 'BUY' ? 'buy' : activity.type === 'SELL' ? 'sell' : 'dividend',
      quantity: String(activity.quantity),
      price: String(activity.unitPrice),
      fees: String(activity.fee),
    });
  });
  const holdings: HoldingInput[] = [];
  for (const [symbol, transactions] of bySymbol) {
    const record = file.prices[symbol] ?? {};
    const dates = Object.keys(record);
    const values = Float64Array.from(dates, (date) => record[date] as number);
    let closes: DailySeries;
    if (options.closes === 'dates') closes = { dates, values };
    else closes = { days: Int32Array.from(dates, toDay), values };
    const holding: HoldingInput = {
      id: symbol,
      class: 'market_investment',
      currency: 'USD',
      symbol,
      transactions,
      closes,
    };
    if ((options.lots ?? 'ledger') === 'ledger') Object.assign(holding, fifoLots(transactions));
    holdings.push(holding);
  }
  return {
    currency: 'USD',
    asOf: options.asOf ?? '2024-12-31',
    range: 'MAX',
    holdings,
  };
}

/** The open lots and tax rows a FIFO ledger holds for these transactions. */
export function fifoLots(transactions: readonly ValuationTransaction[]): {
  openLots: OpenLotInput[];
  realized: RealizedInput[];
} {
  const ledger: LedgerTransaction[] = [];
  const dateOf = new Map<string, string>();
  transactions.forEach((tx, index) => {
    if (tx.type !== 'buy' && tx.type !== 'sell') return;
    const id = tx.id ?? String(index);
    dateOf.set(id, tx.date);
    ledger.push({
      id,
      type: tx.type,
      quantity: tx.quantity,
      price: tx.price,
      fees: tx.fees ?? '0',
      exchangeRateToBase: '1',
      tradeDate: tx.date,
      costBasisMethod: 'fifo',
    });
  });
  const replayed = replayHolding(ledger);
  return {
    openLots: replayed.lots
      .filter((lot) => !lot.remainingQuantity.isZero())
      .map((lot) => ({
        acquisitionDate: lot.acquisitionDate,
        remainingQuantity: toPlain(lot.remainingQuantity),
        acquisitionPrice: toPlain(lot.acquisitionPrice),
        exchangeRateToBase: toPlain(lot.exchangeRateToBase),
        feesRemaining: toPlain(lot.feesRemaining),
        pooledUnitCost: lot.pooledUnitCost ? toPlain(lot.pooledUnitCost) : null,
      })),
    realized: replayed.sales.flatMap((sale) =>
      sale.figures.lots.map((line) => ({
        date: dateOf.get(sale.transactionId) ?? '',
        proceeds: toPlain(line.proceeds),
        costBasis: toPlain(line.costBasis),
        gainLoss: toPlain(line.gainLoss),
      })),
    ),
  };
}
