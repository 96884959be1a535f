import { and, asc, eq, sql } from 'drizzle-orm';
import type { HoldingClass } from '@/contracts/holdings';
import {
  ASSETS_EXPORT_COLUMNS,
  classExportColumns,
  EXPORT_BATCH_SIZE,
  EXPORT_KIND_CLASS,
  type ExportKind,
  exportFileName,
  HOLDING_FIELD_ALIASES,
  holdingDetailFields,
  TRANSACTION_EXPORT_COLUMNS,
} from '@/contracts/import-export';
import { dec, toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { holdings, transactions } from '../../db/schema';
import type { Actor } from './actor';
import { plain, type TransactionRow } from './holdings.dto';
import { type HoldingRow, requireScope, type Scope, simulationIs } from './scope';
import { CSV_BOM, csvLine } from './csv';

/**
 * CSV exports of a portfolio view (the real portfolio or one simulation), read permission:
 * every holding (`assets`), one class's holdings, or every transaction. Only active holdings and
 * their transactions are exported (a deleted savings account has left every list), so that an
 * export imports whole into another portfolio.
 */

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
};

/** A holding as the create fields of its class and the common columns, as CSV cells. */
export function holdingCells(row: HoldingRow): Record<string, string> {
  const holdingClass = row.class as HoldingClass;
  const details = row.details as Record<string, unknown>;
  const cells: Record<string, string> = {
    class: row.class,
    name: row.name,
    symbol: row.symbol ?? '',
    quantity: plain(row.quantity),
    purchasePrice: plain(row.purchasePrice),
    currentPrice: plain(row.currentPrice),
    purchaseDate: row.purchaseDate,
    currency: row.currency,
    status: row.status,
  };
  for (const field of holdingDetailFields(holdingClass)) {
    const value = details[field];
    // Stored as a fraction; created (and exported) in percent.
    if (holdingClass === 'savings' && field === 'interestRate') {
      cells[field] =
        value === null || value === undefined ? '' : toPlain(dec(text(value)).mul(100));
    } else {
      cells[field] = text(value);
    }
  }
  for (const [field, common] of Object.entries(HOLDING_FIELD_ALIASES[holdingClass] ?? {})) {
    cells[field] = cells[common] ?? '';
  }
  return cells;
}

export function exportHeaders(kind: ExportKind, now: Date) {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${exportFileName(kind, now.toISOString().slice(0, 10))}"`,
  };
}

async function scopeFor(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
): Promise<Scope> {
  return requireScope(ctx.database.db, actor.userId, portfolioId, simulationId, 'view', {
    log: actor.log,
  });
}

/** The holdings file of a kind (all classes, or one). Small: built whole. */
export async function exportHoldings(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
  kind: Exclude<ExportKind, 'transactions'>,
): Promise<string> {
  const scope = await scopeFor(ctx, actor, portfolioId, simulationId);
  const holdingClass = kind === 'assets' ? null : EXPORT_KIND_CLASS[kind];
  const rows = await ctx.database.db
    .select()
    .from(holdings)
    .where(
      and(
        eq(holdings.portfolioId, scope.portfolioId),
        simulationIs(holdings.simulationId, scope.simulationId),
        eq(holdings.isActive, true),
        holdingClass ? eq(holdings.class, holdingClass) : undefined,
      ),
    )
    .orderBy(asc(holdings.class), asc(holdings.name), asc(holdings.id));
  const columns = holdingClass ? classExportColumns(holdingClass) : ASSETS_EXPORT_COLUMNS;
  let out = CSV_BOM + csvLine(columns);
  for (const row of rows) {
    const cells = holdingCells(row);
    out += csvLine(columns.map((column) => cells[column] ?? ''));
  }
  return out;
}

function transactionLine(
  row: TransactionRow,
  asset: { class: string; name: string; symbol: string | null },
) {
  const cells: Record<(typeof TRANSACTION_EXPORT_COLUMNS)[number], string> = {
    assetClass: asset.class,
    assetName: asset.name,
    assetSymbol: asset.symbol ?? '',
    transactionType: row.transactionType,
    quantity: plain(row.quantity),
    price: plain(row.price),
    fees: plain(row.fees),
    currency: row.currency,
    exchangeRateToBase: plain(row.exchangeRateToBase),
    tradeDate: row.tradeDate,
    settlementDate: row.settlementDate,
    costBasisMethod: row.costBasisMethod ?? '',
    broker: row.broker ?? '',
    accountId: row.accountId ?? '',
    notes: row.notes ?? '',
    status: row.status,
    ref: row.id,
    selectedLots: (row.selectedLots ?? [])
      .map((lot) => `${lot.lotId}:${plain(lot.quantity)}`)
      .join(';'),
  };
  return csvLine(TRANSACTION_EXPORT_COLUMNS.map((column) => cells[column]));
}

type Cursor = { tradeDate: string; createdAt: string; id: string };

/**
 * One batch of a scope's transactions in ledger order (trade date, then the order they were
 * recorded), after `cursor`: keyset pagination, so each batch is one bounded query however far
 * the export has gone. `created_at` travels as text to keep its microseconds.
 */
export async function transactionBatch(
  db: DbOrTx,
  scope: Scope,
  cursor: Cursor | null,
  size = EXPORT_BATCH_SIZE,
) {
  return db
    .select({
      transaction: transactions,
      createdAtText: sql<string>`${transactions.createdAt}::text`,
      class: holdings.class,
      name: holdings.name,
      symbol: holdings.symbol,
    })
    .from(transactions)
    .innerJoin(holdings, eq(holdings.id, transactions.holdingId))
    .where(
      and(
        eq(transactions.portfolioId, scope.portfolioId),
        simulationIs(transactions.simulationId, scope.simulationId),
        eq(holdings.isActive, true),
        cursor
          ? sql`(${transactions.tradeDate}, ${transactions.createdAt}, ${transactions.id}) > (${cursor.tradeDate}::date, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(transactions.tradeDate), asc(transactions.createdAt), asc(transactions.id))
    .limit(size);
}

/**
 * The transactions file, streamed: the permission is checked before the first byte, then each
 * batch of 1,000 is read and written before the next is read (spec 002, section 9), so memory
 * stays flat however long the history.
 */
export async function exportTransactions(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
): Promise<AsyncGenerator<string>> {
  const scope = await scopeFor(ctx, actor, portfolioId, simulationId);
  const db = ctx.database.db;
  async function* lines() {
    yield CSV_BOM + csvLine(TRANSACTION_EXPORT_COLUMNS);
    let cursor: Cursor | null = null;
    for (;;) {
      const batch = await transactionBatch(db, scope, cursor);
      if (batch.length) yield batch.map((row) => transactionLine(row.transaction, row)).join('');
      const last = batch.at(-1);
      if (!last || batch.length < EXPORT_BATCH_SIZE) return;
      cursor = {
        tradeDate: last.transaction.tradeDate,
        createdAt: last.createdAtText,
        id: last.transaction.id,
      };
    }
  }
  return lines();
}
