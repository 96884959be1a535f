import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CreateTransactionInput,
  type LotJson,
  type Transaction,
  type TransactionListQuery,
  statusChangeMovesLedger,
  transactionListQuerySchema,
  type TransactionTotals,
  type UpdateTransactionBody,
  updateTransactionBodySchema,
} from '@/contracts/transactions';
import type { Currency } from '@/contracts/settings';
import { VALIDATION_MESSAGES } from '@/contracts/validation-messages';
import {
  type CostBasisMethod,
  lotConsumed as lotConsumedRule,
  remainingCost,
  sumTaxLines,
  type TaxEstimate,
} from '@/domain/ledger';
import { dec, roundMoney } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  holdings,
  lotAllocations,
  taxCalculations,
  transactionLots,
  transactions,
} from '../../db/schema';
import { AppError } from '../../platform/errors';
import { rateToBase } from '../market-data';
import { withCashCheck, portfolioKey } from '../portfolios';
import { type Actor, publishHoldingsChanged, recordLedgerAudit } from './actor';
import {
  ASSET_TYPE_OF,
  assertTradable,
  checkType,
  isAssetType,
  newRow,
  settlementDateFor,
} from './transaction-rows';
import { plain, toTransaction, type TransactionRow } from './holding-dto';
import { replayedTax } from './ledger-plan';
import {
  ledgerAppError,
  ledgerFailure,
  replayWithDraft,
  rebuildHolding,
  toLedgerTransaction,
} from './ledger-store';
import {
  type HoldingRow,
  requireHolding,
  requireScope,
  type Scope,
  simulationIs,
} from './holding-scope';

type ListQuery = z.output<typeof transactionListQuerySchema>;
type UpdateTransactionInput = z.output<typeof updateTransactionBodySchema>;

/** The tax estimate of a sale as the latest replay worked it out. */
/**
 * The stored tax rows of sales, as estimates (the detail answer). The rows are stored to the
 * cent, and the total is their sum: the same figures the sale answered when it was recorded.
 */
async function storedTax(db: DbOrTx, sellIds: string[]): Promise<Map<string, TaxEstimate>> {
  const result = new Map<string, TaxEstimate>();
  if (!sellIds.length) return result;
  const rows = await db
    .select({
      tax: taxCalculations,
      lotNumber: sql<number>`(select lot_number from transaction_lots where id = ${taxCalculations.lotId})`,
    })
    .from(taxCalculations)
    .where(inArray(taxCalculations.transactionId, sellIds))
    .orderBy(asc(taxCalculations.transactionId), asc(taxCalculations.createdAt));
  const linesOf = new Map<string, (typeof rows)[number]['tax'][]>();
  for (const { tax, lotNumber } of rows) {
    const estimate = result.get(tax.transactionId) ?? {
      lots: [],
      total: { proceeds: '0.00', costBasis: '0.00', gainLoss: '0.00', taxAmount: '0.00' },
      jurisdiction: 'FR' as const,
      taxYear: tax.taxYear,
    };
    estimate.lots.push({
      lotId: tax.lotId,
      lotNumber: Number(lotNumber ?? 0),
      quantity: plain(tax.quantity),
      proceeds: dec(tax.proceeds).toFixed(2),
      costBasis: dec(tax.costBasis).toFixed(2),
      gainLoss: dec(tax.gainLoss).toFixed(2),
      holdingPeriodDays: tax.holdingPeriodDays,
      isLongTerm: tax.isLongTerm,
      taxRate: plain(tax.taxRate),
      taxAmount: dec(tax.taxAmount).toFixed(2),
    });
    linesOf.set(tax.transactionId, [...(linesOf.get(tax.transactionId) ?? []), tax]);
    result.set(tax.transactionId, estimate);
  }
  for (const [id, estimate] of result) {
    estimate.lots.sort((a, b) => a.lotNumber - b.lotNumber);
    estimate.total = sumTaxLines(
      (linesOf.get(id) ?? []).map((line) => ({
        proceeds: dec(line.proceeds),
        costBasis: dec(line.costBasis),
        gainLoss: dec(line.gainLoss),
        taxAmount: dec(line.taxAmount),
      })),
    );
  }
  return result;
}

/**
 * The stored tax totals of a page's sales, in one aggregated query (no query per row): the sum
 * of each sale's rows, which are stored to the cent, so the same total the detail answers.
 */
async function storedTaxTotals(
  db: DbOrTx,
  sellIds: string[],
): Promise<Map<string, TaxEstimate['total']>> {
  const result = new Map<string, TaxEstimate['total']>();
  if (!sellIds.length) return result;
  const rows = await db
    .select({
      transactionId: taxCalculations.transactionId,
      proceeds: sql<string>`sum(${taxCalculations.proceeds})::text`,
      costBasis: sql<string>`sum(${taxCalculations.costBasis})::text`,
      gainLoss: sql<string>`sum(${taxCalculations.gainLoss})::text`,
      taxAmount: sql<string>`sum(${taxCalculations.taxAmount})::text`,
    })
    .from(taxCalculations)
    .where(inArray(taxCalculations.transactionId, sellIds))
    .groupBy(taxCalculations.transactionId);
  for (const row of rows) {
    result.set(row.transactionId, {
      proceeds: dec(row.proceeds).toFixed(2),
      costBasis: dec(row.costBasis).toFixed(2),
      gainLoss: dec(row.gainLoss).toFixed(2),
      taxAmount: dec(row.taxAmount).toFixed(2),
    });
  }
  return result;
}

const amountSql = sql`(${transactions.quantity} * ${transactions.price})`;

/**
 * Joins a transaction to its holding while the holding is active: a deleted (closed) savings
 * account's history leaves the lists and totals, as it leaves the exports.
 */
const ofActiveHolding = and(eq(holdings.id, transactions.holdingId), eq(holdings.isActive, true));

function filters(scope: Scope, query: ListQuery): SQL | undefined {
  return and(
    eq(transactions.portfolioId, scope.portfolioId),
    simulationIs(transactions.simulationId, scope.simulationId),
    query.type ? eq(transactions.transactionType, query.type) : undefined,
    query.assetId ? eq(transactions.holdingId, query.assetId) : undefined,
    query.from ? gte(transactions.settlementDate, query.from) : undefined,
    query.to ? lte(transactions.settlementDate, query.to) : undefined,
    query.minAmount ? sql`${amountSql} >= ${query.minAmount}::numeric` : undefined,
    query.maxAmount ? sql`${amountSql} <= ${query.maxAmount}::numeric` : undefined,
  );
}

const SORT_COLUMNS = {
  settlementDate: transactions.settlementDate,
  tradeDate: transactions.tradeDate,
  quantity: transactions.quantity,
  price: transactions.price,
} as const;

/**
 * One page of a scope's transactions (default: settlement date, newest first; 50 a page). The
 * count and totals of the selection come from `transactionTotals` (a separate call, so a page
 * stays one short index walk: see bench/transactions.bench.ts).
 */
export async function listTransactions(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  rawQuery: TransactionListQuery,
) {
  const query = transactionListQuerySchema.parse(rawQuery);
  const db = ctx.database.db;
  const scope = await requireScope(db, actor.userId, portfolioId, query.sim, 'view', {
    log: actor.log,
    reads: ctx.reads,
  });
  // The first pages as the page opens them (any order, no filter) are kept until the portfolio
  // changes (platform/read-cache.ts); a filtered search or a far page is read each time, so that
  // no one can fill the shared cache with pages nobody reopens.
  const filtered =
    query.type !== undefined ||
    query.assetId !== undefined ||
    query.from !== undefined ||
    query.to !== undefined ||
    query.minAmount !== undefined ||
    query.maxAmount !== undefined ||
    query.page > KEPT_PAGES;
  if (filtered) return transactionsPage(db, scope, query);
  return ctx.reads.read(`transactions:${portfolioId}:${JSON.stringify(query)}`, async () => ({
    value: await transactionsPage(db, scope, query),
    deps: [portfolioKey(portfolioId)],
  }));
}

/** Pages of the unfiltered list kept in memory (the first few: those people page through). */
const KEPT_PAGES = 3;

async function transactionsPage(
  db: DbOrTx,
  scope: Scope,
  query: z.output<typeof transactionListQuerySchema>,
) {
  const where = filters(scope, query);
  const direction = query.order === 'asc' ? asc : desc;
  const primary =
    query.sort === 'amount' ? direction(amountSql) : direction(SORT_COLUMNS[query.sort]);
  // One row more than the page says whether another page follows (no count of the whole history).
  const rows = await db
    .select({ transaction: transactions, name: holdings.name, symbol: holdings.symbol })
    .from(transactions)
    .innerJoin(holdings, ofActiveHolding)
    .where(where)
    .orderBy(primary, direction(transactions.createdAt), direction(transactions.id))
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
  const page = rows.slice(0, query.pageSize);
  const totals = await storedTaxTotals(
    db,
    page
      .filter((row) => row.transaction.transactionType === 'sell')
      .map((row) => row.transaction.id),
  );
  return {
    transactions: page.map((row) =>
      toTransaction(row.transaction, row, null, totals.get(row.transaction.id) ?? null),
    ),
    page: query.page,
    pageSize: query.pageSize,
    hasMore: rows.length > query.pageSize,
  };
}

/**
 * Totals of the selection per transaction currency: bought, sold, income (dividends, interest),
 * fees (every transaction's fees column, and the whole amount of a fee payment: a custody fee
 * recorded as a transaction of type fee is a fee, docs/decisions.md). Amounts stay in the currency they were recorded in: without exchange rates (a trade's rate
 * to base defaults to 1) adding dollars to euros would give a figure that is neither.
 */
export async function transactionTotals(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  rawQuery: TransactionListQuery,
): Promise<TransactionTotals> {
  const query = transactionListQuerySchema.parse(rawQuery);
  const db = ctx.database.db;
  const scope = await requireScope(db, actor.userId, portfolioId, query.sim, 'view', {
    log: actor.log,
  });
  const sumWhen = (types: string[]) =>
    sql<string>`coalesce(sum(case when ${inArray(transactions.transactionType, types)} then ${amountSql} else 0 end), 0)::text`;
  const rows = await db
    .select({
      currency: transactions.currency,
      count: count(),
      bought: sumWhen(['buy']),
      sold: sumWhen(['sell']),
      income: sumWhen(['dividend', 'interest']),
      fees: sql<string>`coalesce(sum(${transactions.fees} + case when ${transactions.transactionType} = 'fee' then ${amountSql} else 0 end), 0)::text`,
    })
    .from(transactions)
    .innerJoin(holdings, ofActiveHolding)
    .where(and(filters(scope, query), sql`${transactions.status} <> 'cancelled'`))
    .groupBy(transactions.currency)
    .orderBy(asc(transactions.currency));
  return {
    count: rows.reduce((sum, row) => sum + Number(row.count), 0),
    byCurrency: rows.map((row) => ({
      currency: row.currency as Currency,
      bought: roundMoney(row.bought, row.currency),
      sold: roundMoney(row.sold, row.currency),
      income: roundMoney(row.income, row.currency),
      fees: roundMoney(row.fees, row.currency),
    })),
  };
}

/** The holding a new transaction is for: in the request's scope, of the type it claims. */
export async function holdingForTransaction(
  tx: DbOrTx,
  scope: Scope,
  input: CreateTransactionInput,
): Promise<HoldingRow> {
  const [holding] = await tx
    .select()
    .from(holdings)
    .where(
      and(
        eq(holdings.id, input.assetId),
        eq(holdings.portfolioId, scope.portfolioId),
        simulationIs(holdings.simulationId, scope.simulationId),
        eq(holdings.isActive, true),
      ),
    )
    .for('update');
  if (!holding) throw new AppError('HOLDING_NOT_FOUND');
  // The spec's asset types; the class names are accepted too ('market' for 'market_investment').
  const expected = ASSET_TYPE_OF[holding.class as keyof typeof ASSET_TYPE_OF];
  if (
    input.assetType &&
    input.assetType !== expected &&
    !(!isAssetType(input.assetType) && input.assetType === holding.class)
  ) {
    throw new AppError('ASSET_TYPE_MISMATCH', { assetType: input.assetType });
  }
  return holding;
}

/**
 * Another currency than the portfolio's, without a rate: the published rate of the trade date
 * (none known: as given).
 */
async function withPublishedRate(
  db: DbOrTx,
  input: CreateTransactionInput,
  holdingCurrency: string,
  scope: Scope,
): Promise<CreateTransactionInput> {
  if (input.exchangeRateToBase !== undefined) return input;
  const rate = await rateToBase(
    db,
    input.currency ?? holdingCurrency,
    scope.access.portfolio.baseCurrency,
    input.tradeDate,
  );
  return rate ? { ...input, exchangeRateToBase: rate } : input;
}

/**
 * Records a transaction: the row, then the holding's ledger replayed with it (lots, what sales
 * took, tax rows, the holding's quantity and cost), an audit row, all in one database
 * transaction. A sell's answer carries its tax estimate.
 */
export async function createTransaction(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
  input: CreateTransactionInput,
): Promise<Transaction> {
  checkType(input.transactionType);
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const scope = await requireScope(tx, actor.userId, portfolioId, simulationId, 'edit', {
      log: actor.log,
    });
    const holding = await holdingForTransaction(tx, scope, input);
    assertTradable(holding, input.transactionType);
    input = await withPublishedRate(tx, input, holding.currency, scope);
    // In a simulation a buy or a fee may not spend more cash than is left (INSUFFICIENT_CASH).
    const { row, tax } = await withCashCheck(tx, scope.simulationId, async () => {
      const [inserted] = await tx
        .insert(transactions)
        .values(newRow(actor, scope, holding, input, now))
        .returning();
      if (!inserted) throw new Error('transaction insert returned nothing');
      // Replayed from its trade date: what is dated before it cannot change (a long replay on a
      // compute worker).
      const rebuilt = await rebuildHolding(tx, holding, now, {
        from: inserted.tradeDate,
        added: true,
        taxOf: inserted.id,
        compute: ctx.compute,
      });
      return { row: inserted, tax: rebuilt.tax };
    });
    await publishHoldingsChanged(ctx, tx, scope.portfolioId);
    await recordLedgerAudit(
      tx,
      actor,
      {
        portfolioId: scope.portfolioId,
        action: 'create',
        entityType: 'transaction',
        entityId: row.id,
        newValues: auditValues(row),
      },
      now,
    );
    return toTransaction(row, holding, tax);
  });
}

/**
 * A sale worked out against the holding's ledger as it stands, without saving anything. A
 * cancelled sale sells nothing and has no tax (null), as when it is recorded.
 */
export async function previewSale(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
  input: CreateTransactionInput,
): Promise<TaxEstimate | null> {
  if (input.transactionType !== 'sell') checkType(input.transactionType);
  const db = ctx.database.db;
  const scope = await requireScope(db, actor.userId, portfolioId, simulationId, 'view', {
    log: actor.log,
  });
  const [holding] = await db
    .select()
    .from(holdings)
    .where(
      and(
        eq(holdings.id, input.assetId),
        eq(holdings.portfolioId, scope.portfolioId),
        simulationIs(holdings.simulationId, scope.simulationId),
      ),
    );
  if (!holding) throw new AppError('HOLDING_NOT_FOUND');
  assertTradable(holding, 'sell');
  // The ledger leaves cancelled transactions out: such a sale consumes no lot.
  if (input.status === 'cancelled') return null;
  // As the sale would be recorded.
  input = await withPublishedRate(db, input, holding.currency, scope);
  const draft = toLedgerTransaction({
    ...newRow(actor, scope, holding, { ...input, transactionType: 'sell' }, ctx.clock.now()),
    id: 'preview',
  } as TransactionRow);
  try {
    // Replayed from its trade date on, after everything on or before it.
    const ledger = await replayWithDraft(db, holding.id, draft);
    const tax = replayedTax(ledger, 'preview');
    if (!tax) throw new AppError('BAD_REQUEST');
    return tax;
  } catch (error) {
    return ledgerFailure(error);
  }
}

function auditValues(row: TransactionRow): Record<string, unknown> {
  return {
    transactionType: row.transactionType,
    quantity: row.quantity,
    price: row.price,
    fees: row.fees,
    tradeDate: row.tradeDate,
    settlementDate: row.settlementDate,
    status: row.status,
    costBasisMethod: row.costBasisMethod,
  };
}

/**
 * A transaction the caller may act on, in the view the request names: `simulationId` (the
 * request's `?sim=`, none for the real portfolio) must be the row's own, otherwise it is not
 * found (404, as for an id that does not exist): nothing is read or changed across views by id.
 */
async function requireTransaction(
  tx: DbOrTx,
  actor: Actor,
  id: string,
  action: 'view' | 'edit',
  simulationId: string | undefined,
): Promise<{ row: TransactionRow; holding: HoldingRow; scope: Scope }> {
  const query = tx.select().from(transactions).where(eq(transactions.id, id));
  const [row] = action === 'edit' ? await query.for('update') : await query;
  if (!row) throw new AppError('TRANSACTION_NOT_FOUND');
  try {
    // The holding's view is the row's: a deleted (closed) savings account or another view than
    // the request names is not found, as the transaction is not.
    const found = await requireHolding(tx, actor.userId, row.holdingId, action, {
      forUpdate: action === 'edit',
      log: actor.log,
      inScope: simulationId ?? null,
    });
    return { row, ...found };
  } catch (error) {
    if (error instanceof AppError && error.code === 'HOLDING_NOT_FOUND') {
      throw new AppError('TRANSACTION_NOT_FOUND');
    }
    throw error;
  }
}

export async function getTransaction(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  simulationId?: string,
) {
  const db = ctx.database.db;
  const { row, holding } = await requireTransaction(db, actor, id, 'view', simulationId);
  const tax = row.transactionType === 'sell' ? (await storedTax(db, [row.id])).get(row.id) : null;
  return toTransaction(row, holding, tax ?? null);
}

/** 409 LOT_CONSUMED: a buy whose lot a sale used can be neither changed in the ledger nor deleted. */
const lotConsumed = () => ledgerAppError(lotConsumedRule());

/** Whether a sale used the lot this buy opened (as the last replay stored it). */
async function lotUsed(tx: DbOrTx, buyId: string): Promise<boolean> {
  const [used] = await tx
    .select({ n: count() })
    .from(lotAllocations)
    .where(eq(lotAllocations.lotId, buyId));
  return Number(used?.n ?? 0) > 0;
}

/**
 * Whether a change moves the transaction in the ledger: its quantity, price, fees or trade date,
 * or a status that takes it out of the ledger or back in (cancelled). Notes, broker, account,
 * settlement date and pending <-> completed do not.
 */
function changesLedger(row: TransactionRow, input: UpdateTransactionInput): boolean {
  const differs = (next: string | undefined, current: string) =>
    next !== undefined && !dec(next).eq(current);
  return (
    differs(input.quantity, row.quantity) ||
    differs(input.price, row.price) ||
    differs(input.fees, row.fees) ||
    (input.tradeDate !== undefined && input.tradeDate !== row.tradeDate) ||
    (input.status !== undefined && statusChangeMovesLedger(row.status, input.status))
  );
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', { issues: [{ path, message }] }, `${path}: ${message}`);
}

/**
 * Changes a transaction and replays its holding: a new quantity, price, date or status gives the
 * lots and tax as if it had always been so; a change the ledger refuses (a sale above what is
 * then held) changes nothing.
 */
export async function updateTransaction(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  simulationId: string | undefined,
  body: UpdateTransactionBody,
) {
  const input = updateTransactionBodySchema.parse(body);
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const { row, holding, scope } = await requireTransaction(tx, actor, id, 'edit', simulationId);
    // Moving a buy a sale used would move that sale onto other lots and rewrite its tax: refused
    // at once when a sale took from its lot, and after the replay when a sale changed anyway.
    const movesBuy = row.transactionType === 'buy' && changesLedger(row, input);
    if (movesBuy && (await lotUsed(tx, row.id))) throw lotConsumed();
    if (
      input.selectedLots !== undefined &&
      !(row.transactionType === 'sell' && row.costBasisMethod === 'specific_id')
    ) {
      throw invalid('selectedLots', VALIDATION_MESSAGES.selectedLotsSpecificOnly);
    }
    const tradeDate = input.tradeDate ?? row.tradeDate;
    const settlementDate =
      input.settlementDate ??
      (input.tradeDate ? settlementDateFor(holding, tradeDate) : row.settlementDate);
    if (settlementDate < tradeDate) {
      throw new AppError(
        'VALIDATION_ERROR',
        {
          issues: [
            { path: 'settlementDate', message: 'Settlement date cannot be before trade date' },
          ],
        },
        'settlementDate: Settlement date cannot be before trade date',
      );
    }
    const { updated, tax } = await withCashCheck(tx, scope.simulationId, async () => {
      const [updated] = await tx
        .update(transactions)
        .set({
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
          ...(input.price !== undefined ? { price: input.price } : {}),
          ...(input.fees !== undefined ? { fees: input.fees } : {}),
          ...(input.selectedLots !== undefined ? { selectedLots: input.selectedLots } : {}),
          ...(input.broker !== undefined ? { broker: input.broker } : {}),
          ...(input.accountId !== undefined ? { accountId: input.accountId } : {}),
          ...(input.notes !== undefined ? { notes: input.notes } : {}),
          tradeDate,
          settlementDate,
          updatedAt: now,
        })
        .where(eq(transactions.id, row.id))
        .returning();
      if (!updated) throw new AppError('TRANSACTION_NOT_FOUND');
      // Replayed from the earlier of its old and new trade dates; a moved buy that changes a sale
      // throws, which rolls the whole change back.
      const rebuilt = await rebuildHolding(tx, holding, now, {
        from: row.tradeDate < updated.tradeDate ? row.tradeDate : updated.tradeDate,
        keepSales: movesBuy,
        taxOf: updated.id,
        compute: ctx.compute,
      });
      return { updated, tax: rebuilt.tax };
    });
    await publishHoldingsChanged(ctx, tx, scope.portfolioId);
    await recordLedgerAudit(
      tx,
      actor,
      {
        portfolioId: scope.portfolioId,
        action: 'update',
        entityType: 'transaction',
        entityId: row.id,
        newValues: auditValues(updated),
      },
      now,
    );
    return toTransaction(updated, holding, tax);
  });
}

/**
 * Deletes a transaction and replays its holding. Deleting a sale gives back what it took from the
 * lots; deleting a buy deletes its lot, and is refused while a sale uses that lot ('Delete that
 * sale first').
 */
export async function deleteTransaction(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  simulationId?: string,
) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const { row, holding, scope } = await requireTransaction(tx, actor, id, 'edit', simulationId);
    if (row.transactionType === 'buy' && (await lotUsed(tx, row.id))) throw lotConsumed();
    // Deleting a sale or a dividend in a simulation takes its cash back: refused if that overdraws.
    await withCashCheck(tx, scope.simulationId, async () => {
      await tx.delete(transactions).where(eq(transactions.id, row.id));
      // A buy an average-cost sale counted in its average: throwing rolls the deletion back.
      await rebuildHolding(tx, holding, now, {
        from: row.tradeDate,
        compute: ctx.compute,
        keepSales: row.transactionType === 'buy',
      });
    });
    await publishHoldingsChanged(ctx, tx, scope.portfolioId);
    await recordLedgerAudit(
      tx,
      actor,
      {
        portfolioId: scope.portfolioId,
        action: 'delete',
        entityType: 'transaction',
        entityId: row.id,
        newValues: null,
      },
      now,
    );
  });
}

/**
 * A holding's lots, oldest first, as stored by the last replay, in the view the request names
 * (`?sim=`, none for the real portfolio: a holding of another view is not found). Each carries
 * the currency of the buy that opened it (its acquisition price is in it).
 */
export async function holdingLots(
  ctx: ServerContext,
  actor: Actor,
  holdingId: string,
  simulationId?: string,
): Promise<LotJson[]> {
  const db = ctx.database.db;
  const { holding } = await requireHolding(db, actor.userId, holdingId, 'view', {
    log: actor.log,
    inScope: simulationId ?? null,
  });
  const found = await db
    .select({ lot: transactionLots, currency: transactions.currency })
    .from(transactionLots)
    .innerJoin(transactions, eq(transactions.id, transactionLots.id))
    .where(eq(transactionLots.holdingId, holding.id))
    .orderBy(asc(transactionLots.acquisitionDate), asc(transactionLots.lotNumber));
  return found.map(({ lot: row, currency }) => {
    const costBasisMethod = (row.costBasisMethod as CostBasisMethod | null) ?? null;
    const status = row.status === 'depleted' ? 'depleted' : 'active';
    return {
      id: row.id,
      lotNumber: row.lotNumber,
      acquisitionDate: row.acquisitionDate,
      acquisitionPrice: plain(row.acquisitionPrice),
      currency: currency as Currency,
      exchangeRateToBase: plain(row.exchangeRateToBase),
      originalQuantity: plain(row.originalQuantity),
      remainingQuantity: plain(row.remainingQuantity),
      feesAllocated: plain(row.feesAllocated),
      remainingCost: remainingCost({
        id: row.id,
        lotNumber: row.lotNumber,
        acquisitionDate: row.acquisitionDate,
        acquisitionPrice: dec(row.acquisitionPrice),
        exchangeRateToBase: dec(row.exchangeRateToBase),
        originalQuantity: dec(row.originalQuantity),
        remainingQuantity: dec(row.remainingQuantity),
        feesAllocated: dec(row.feesAllocated),
        feesRemaining: dec(row.feesRemaining),
        pooledUnitCost: row.pooledUnitCost ? dec(row.pooledUnitCost) : null,
        costBasisMethod,
        status,
      }).toFixed(2),
      costBasisMethod,
      status,
    };
  });
}

export { storedTax };
