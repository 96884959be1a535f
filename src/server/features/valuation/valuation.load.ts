import { and, asc, eq, gt, gte, inArray, ne, sql } from 'drizzle-orm';
import { cashFlow } from '@/domain/ledger/cash';
import type { TransactionType } from '@/domain/ledger/types';
import type { HoldingClass } from '@/contracts/holdings';
import { dec } from '@/domain/money/decimal';
import type {
  HoldingInput,
  OpenLotInput,
  RealizedInput,
  SavingsFlow,
  ValuationTransaction,
} from '@/domain/valuation';
import type { AssetType } from '@/domain/ledger';
import type { DbOrTx } from '../../db/client';
import {
  fxRates,
  holdings,
  holdingValuations,
  holdingVersions,
  instrumentPriceSeries,
  instruments,
  marketDataVersion,
  portfolioSimulations,
  savingsTransactions,
  taxCalculations,
  transactionLots,
  transactions,
} from '../../db/schema';
import { activeHoldingsOf, type Scope } from '../ledger';

const ASSET_TYPE: Record<HoldingClass, AssetType> = {
  market: 'market_investment',
  crypto: 'crypto_investment',
  real_estate: 'real_estate_investment',
  crowdfunding: 'crowdfunding_investment',
  savings: 'savings_account',
  generic: 'generic_asset',
};
const PRICED_CLASSES: readonly string[] = ['market', 'crypto'];

export type HoldingMeta = {
  id: string;
  name: string;
  class: HoldingClass;
  symbol: string | null;
  currency: string;
  quantity: string;
  currentPrice: string;
  updatedAt: Date;
  details: Record<string, unknown>;
};

/** A view: a portfolio's real holdings, or one of its simulations. */
export type ViewRef = Pick<Scope, 'portfolioId' | 'simulationId'>;

/**
 * What a worker checks on every valuation of a view, in one query: each active holding's counter
 * (migration 0012), and for a priced holding with a symbol its series' counter and quote currency
 * (null without closes), with the rates' counter; in display order.
 */
export type HoldingStamp = {
  id: string;
  class: string;
  symbol: string | null;
  version: number;
  seriesVersion: number | null;
  seriesCurrency: string | null;
  fxVersion: number;
};

export async function loadViewStamps(db: DbOrTx, view: ViewRef): Promise<HoldingStamp[]> {
  const rows = await db
    .select({
      id: holdings.id,
      class: holdings.class,
      symbol: holdings.symbol,
      version: holdingVersions.version,
      seriesVersion: instrumentPriceSeries.version,
      seriesCurrency: instruments.currency,
      fxVersion: sql<string>`(select ${marketDataVersion.fxVersion} from ${marketDataVersion})`,
    })
    .from(holdings)
    .leftJoin(holdingVersions, eq(holdingVersions.holdingId, holdings.id))
    .leftJoin(instruments, eq(instruments.symbol, sql`upper(${holdings.symbol})`))
    .leftJoin(instrumentPriceSeries, eq(instrumentPriceSeries.instrumentId, instruments.id))
    .where(activeHoldingsOf(view))
    .orderBy(asc(holdings.createdAt), asc(holdings.id));
  return rows.map((row) => {
    const priced = isPriced(row.class) && row.symbol !== null && row.seriesVersion !== null;
    return {
      id: row.id,
      class: row.class,
      symbol: row.symbol,
      version: Number(row.version ?? 0),
      seriesVersion: priced ? Number(row.seriesVersion) : null,
      seriesCurrency: priced ? row.seriesCurrency : null,
      fxVersion: Number(row.fxVersion ?? 0),
    };
  });
}

/** A holding as the engine reads it (closes attached apart: they change on their own). */
export type LoadedHolding = { input: HoldingInput; meta: HoldingMeta };

export function isPriced(holdingClass: string) {
  return PRICED_CLASSES.includes(holdingClass);
}

/**
 * Everything the valuation engine needs of these holdings: their completed transactions, open
 * lots, tax rows, valuation points and savings movements. Reads only; a handful of queries
 * whatever the size of the history.
 */
export async function loadHoldings(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, LoadedHolding>> {
  const loaded = new Map<string, LoadedHolding>();
  if (!ids.length) return loaded;

  const [rows, history, lots, realized, points, savings] = await Promise.all([
    db
      .select()
      .from(holdings)
      .where(inArray(holdings.id, [...ids])),
    db
      .select({
        holdingId: transactions.holdingId,
        id: transactions.id,
        type: transactions.transactionType,
        quantity: transactions.quantity,
        price: transactions.price,
        fees: transactions.fees,
        currency: transactions.currency,
        date: transactions.tradeDate,
        costBasisMethod: transactions.costBasisMethod,
      })
      .from(transactions)
      .where(and(inArray(transactions.holdingId, ids), eq(transactions.status, 'completed')))
      .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id)),
    db
      .select({
        holdingId: transactionLots.holdingId,
        acquisitionDate: transactionLots.acquisitionDate,
        remainingQuantity: transactionLots.remainingQuantity,
        acquisitionPrice: transactionLots.acquisitionPrice,
        exchangeRateToBase: transactionLots.exchangeRateToBase,
        feesRemaining: transactionLots.feesRemaining,
        pooledUnitCost: transactionLots.pooledUnitCost,
      })
      .from(transactionLots)
      .where(
        and(inArray(transactionLots.holdingId, ids), gt(transactionLots.remainingQuantity, '0')),
      ),
    db
      .select({
        holdingId: transactions.holdingId,
        date: transactions.tradeDate,
        proceeds: taxCalculations.proceeds,
        costBasis: taxCalculations.costBasis,
        gainLoss: taxCalculations.gainLoss,
      })
      .from(taxCalculations)
      .innerJoin(transactions, eq(transactions.id, taxCalculations.transactionId))
      .where(and(inArray(transactions.holdingId, ids), ne(transactions.status, 'cancelled'))),
    db
      .select({
        holdingId: holdingValuations.holdingId,
        date: holdingValuations.valuationDate,
        value: holdingValuations.value,
      })
      .from(holdingValuations)
      .where(inArray(holdingValuations.holdingId, ids))
      .orderBy(asc(holdingValuations.valuationDate)),
    db
      .select({
        holdingId: savingsTransactions.holdingId,
        date: savingsTransactions.transactionDate,
        type: savingsTransactions.transactionType,
        amount: savingsTransactions.amount,
        tax: savingsTransactions.taxWithheld,
      })
      .from(savingsTransactions)
      .where(inArray(savingsTransactions.holdingId, ids))
      .orderBy(asc(savingsTransactions.transactionDate), asc(savingsTransactions.createdAt)),
  ]);

  const byHolding = <T extends { holdingId: string }>(list: T[]) => {
    const grouped = new Map<string, T[]>();
    for (const item of list) {
      const group = grouped.get(item.holdingId);
      if (group) group.push(item);
      else grouped.set(item.holdingId, [item]);
    }
    return grouped;
  };
  const historyOf = byHolding(history);
  const lotsOf = byHolding(lots);
  const realizedOf = byHolding(realized);
  const pointsOf = byHolding(points);
  const savingsOf = byHolding(savings);

  for (const row of rows) {
    const holdingClass = row.class as HoldingClass;
    const meta: HoldingMeta = {
      id: row.id,
      name: row.name,
      class: holdingClass,
      symbol: row.symbol,
      currency: row.currency,
      quantity: row.quantity,
      currentPrice: row.currentPrice,
      updatedAt: row.updatedAt,
      details: row.details,
    };
    const input: HoldingInput = {
      id: row.id,
      class: ASSET_TYPE[holdingClass],
      currency: row.currency,
      symbol: row.symbol,
      transactions: (historyOf.get(row.id) ?? []).map((tx): ValuationTransaction => ({
        id: tx.id,
        date: tx.date,
        type: tx.type as ValuationTransaction['type'],
        quantity: tx.quantity,
        price: tx.price,
        fees: tx.fees,
        currency: tx.currency,
        costBasisMethod: tx.costBasisMethod as ValuationTransaction['costBasisMethod'],
      })),
      openLots: (lotsOf.get(row.id) ?? []).map((lot): OpenLotInput => ({
        acquisitionDate: lot.acquisitionDate,
        remainingQuantity: lot.remainingQuantity,
        acquisitionPrice: lot.acquisitionPrice,
        exchangeRateToBase: lot.exchangeRateToBase,
        feesRemaining: lot.feesRemaining,
        pooledUnitCost: lot.pooledUnitCost,
      })),
      realized: (realizedOf.get(row.id) ?? []).map((tax): RealizedInput => ({
        date: tax.date,
        proceeds: tax.proceeds,
        costBasis: tax.costBasis,
        gainLoss: tax.gainLoss,
      })),
    };
    if (holdingClass === 'savings') {
      input.savings = { flows: savingsFlows(row, savingsOf.get(row.id) ?? []) };
    } else if (!isPriced(holdingClass)) {
      const own = pointsOf.get(row.id) ?? [];
      if (own.length) {
        input.valuations = {
          dates: own.map((point) => point.date),
          values: own.map((point) => Number(point.value)),
        };
      }
    }
    loaded.set(row.id, { input, meta });
  }
  return loaded;
}

/**
 * A savings account's movements as flows. An account opened with a balance that no deposit
 * records (the balance typed when it was added) gets that opening deposit on its opening date:
 * what the movements leave must be the balance the account shows.
 */
function savingsFlows(
  row: typeof holdings.$inferSelect,
  movements: { date: string; type: string; amount: string; tax: string }[],
): SavingsFlow[] {
  const flows: SavingsFlow[] = movements.map((movement) => ({
    date: movement.date,
    type: movement.type as SavingsFlow['type'],
    amount: movement.amount,
    tax: movement.tax,
  }));
  let balance = dec(0);
  for (const flow of flows) {
    const amount = dec(flow.amount);
    if (flow.type === 'deposit') balance = balance.plus(amount);
    else if (flow.type === 'withdrawal' || flow.type === 'fee') balance = balance.minus(amount);
    else balance = balance.plus(amount).minus(dec(flow.tax ?? '0'));
  }
  const opening = dec(row.quantity).times(dec(row.currentPrice)).minus(balance);
  if (opening.gt(0)) {
    const openingDate =
      typeof row.details.openingDate === 'string' ? row.details.openingDate : row.purchaseDate;
    flows.unshift({ date: openingDate, type: 'deposit', amount: opening.toFixed() });
  }
  return flows;
}

/**
 * The stored euro reference rates of these currencies (of all when none are named), by currency:
 * a few thousand rows per currency at most.
 */
export async function loadFxRates(db: DbOrTx, currencies?: readonly string[]) {
  const rows = await db
    .select({ currency: fxRates.currency, date: fxRates.rateDate, rate: fxRates.rate })
    .from(fxRates)
    .where(currencies ? inArray(fxRates.currency, [...currencies, '']) : sql`true`)
    .orderBy(asc(fxRates.currency), asc(fxRates.rateDate));
  const rates: Record<string, { dates: string[]; values: number[] }> = {};
  for (const row of rows) {
    const series = (rates[row.currency] ??= { dates: [], values: [] });
    series.dates.push(row.date);
    series.values.push(Number(row.rate));
  }
  return rates;
}

/**
 * A simulation's cash as a savings-like line the engine values (docs/decisions.md, 'Cash'): its
 * initial cash paid in on its first day, then each of its own completed transactions' cash flow
 * (src/domain/ledger/cash.ts) on its trade date, in the portfolio's base currency: a buy is a
 * withdrawal from the cash, a sale or a dividend a deposit into it, each `internal` (it cancels the
 * holding's own flow: the simulation sees no flow, only the initial cash put in). Null for a
 * simulation that no longer exists.
 */
export async function loadSimulationCash(
  db: DbOrTx,
  simulationId: string,
): Promise<{ initialCash: string; flows: SavingsFlow[]; balance: string } | null> {
  const [simulation] = await db
    .select({
      initialCash: portfolioSimulations.initialCash,
      createdAt: portfolioSimulations.createdAt,
    })
    .from(portfolioSimulations)
    .where(eq(portfolioSimulations.id, simulationId));
  if (!simulation) return null;
  const rows = await db
    .select({
      date: transactions.tradeDate,
      type: transactions.transactionType,
      quantity: transactions.quantity,
      price: transactions.price,
      fees: transactions.fees,
      exchangeRateToBase: transactions.exchangeRateToBase,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.simulationId, simulationId),
        eq(transactions.status, 'completed'),
        gte(transactions.createdAt, simulation.createdAt),
      ),
    )
    .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt));
  let balance = dec(simulation.initialCash);
  const moves: SavingsFlow[] = [];
  for (const row of rows) {
    const flow = cashFlow({ ...row, type: row.type as TransactionType });
    if (flow.isZero()) continue;
    balance = balance.plus(flow);
    moves.push({
      date: row.date,
      type: flow.isNegative() ? 'withdrawal' : 'deposit',
      amount: flow.abs().toFixed(),
      internal: true,
    });
  }
  // The initial cash is there from the simulation's first day (a back-dated trade included).
  const created = simulation.createdAt.toISOString().slice(0, 10);
  const firstDay = moves[0] && moves[0].date < created ? moves[0].date : created;
  const flows: SavingsFlow[] = [
    { date: firstDay, type: 'deposit', amount: dec(simulation.initialCash).toFixed() },
    ...moves,
  ];
  return { initialCash: simulation.initialCash, flows, balance: balance.toFixed(2) };
}

/** The longest history a warm-up reads of one holding (a sample, not a full load). */
const WARM_UP_HISTORY = 500;

/**
 * A few real rows of every shape the valuation reads, for a compute worker's warm-up: reading them
 * once compiles the row parsing and mapping before a user's first valuation waits on it. At most
 * `limit` of the most recently changed holdings whose histories are short (`WARM_UP_HISTORY`
 * transactions at most: counting stops there), and `limit` series. Only ids are answered.
 */
export async function loadWarmUpSample(db: DbOrTx, limit: number) {
  const [holdingRows, symbolRows] = await Promise.all([
    db
      .select({ id: holdings.id })
      .from(holdings)
      .where(
        sql`(select count(*) from (select 1 from ${transactions} as t
          where t.holding_id = ${holdings.id} limit ${WARM_UP_HISTORY + 1}) as counted)
          <= ${WARM_UP_HISTORY}`,
      )
      .orderBy(sql`${holdings.updatedAt} desc`)
      .limit(limit),
    db
      .select({ symbol: instruments.symbol })
      .from(instrumentPriceSeries)
      .innerJoin(instruments, eq(instruments.id, instrumentPriceSeries.instrumentId))
      .limit(limit),
  ]);
  return {
    holdingIds: holdingRows.map((row) => row.id),
    symbols: symbolRows.map((row) => row.symbol),
  };
}
