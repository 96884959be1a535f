import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
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
  SAVINGS_MOVEMENT_EXPORT_COLUMNS,
  SAVINGS_RATE_EXPORT_COLUMNS,
  TRANSACTION_EXPORT_COLUMNS,
} from '@/contracts/import-export';
import { dec, toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { holdings, savingsInterestRates, savingsTransactions, transactions } from '../../db/schema';
import {
  activeHoldingsOf,
  type Actor,
  type HoldingRow,
  plain,
  requireScope,
  type Scope,
  simulationIs,
  type TransactionRow,
} from '../ledger';
import { CSV_BOM, csvLine } from '../../platform/csv';
import { inSnapshot, READ_SNAPSHOT } from '../../db/access-context';
import { mapInSlices, TimeSlices } from '../../platform/time-slices';

/**
 * CSV exports of a portfolio view (the real portfolio or one simulation), read permission:
 * every holding (`assets`), one class's holdings, every transaction, and the savings accounts'
 * movements and rate changes. Only active holdings and their history are exported (a deleted
 * savings account has left every list), so that an export imports whole into another portfolio.
 *
 * Each file is read inside one REPEATABLE READ, READ ONLY database transaction: one snapshot, so
 * a change made meanwhile cannot skip, repeat or half-show rows (a transaction moved to an
 * earlier date between two batches, a movement recorded between the holdings and their balances).
 */

type HoldingKind = Exclude<ExportKind, 'transactions' | 'savings-movements' | 'savings-rates'>;

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
};

/** A fraction stored for a rate, as the percent the forms and files use. */
const percent = (fraction: unknown) =>
  fraction === null || fraction === undefined || fraction === ''
    ? ''
    : toPlain(dec(text(fraction)).mul(100));

/**
 * A holding as the create fields of its class and the common columns, as CSV cells; `assetRef`
 * is its id; a savings account's `openingBalance` is its balance before its movements.
 */
export function holdingCells(row: HoldingRow, openingBalance?: string): Record<string, string> {
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
    openingBalance: openingBalance ?? '',
    assetRef: row.id,
  };
  for (const field of holdingDetailFields(holdingClass)) {
    const value = details[field];
    // Stored as a fraction; created (and exported) in percent.
    if (holdingClass === 'savings' && field === 'interestRate') cells[field] = percent(value);
    else cells[field] = text(value);
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

/**
 * Each savings account's balance before its movements: the balance less deposits and interest
 * (net of tax withheld), plus withdrawals and fees.
 */
async function openingBalances(db: DbOrTx, scope: Scope): Promise<Map<string, string>> {
  const rows = await db
    .select({
      holdingId: holdings.id,
      quantity: holdings.quantity,
      moved: sql<string>`coalesce(sum(case ${savingsTransactions.transactionType}
        when 'deposit' then ${savingsTransactions.amount}
        when 'interest' then ${savingsTransactions.amount} - ${savingsTransactions.taxWithheld}
        else -${savingsTransactions.amount} end), 0)::text`,
    })
    .from(holdings)
    .leftJoin(savingsTransactions, eq(savingsTransactions.holdingId, holdings.id))
    .where(activeHoldingsOf(scope, 'savings'))
    .groupBy(holdings.id, holdings.quantity);
  return new Map(rows.map((row) => [row.holdingId, toPlain(dec(row.quantity).minus(row.moved))]));
}

/** The holdings file of a kind (all classes, or one). Small: built whole. */
export async function exportHoldings(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
  kind: HoldingKind,
): Promise<string> {
  const scope = await scopeFor(ctx, actor, portfolioId, simulationId);
  const holdingClass = kind === 'assets' ? null : EXPORT_KIND_CLASS[kind];
  const columns = holdingClass ? classExportColumns(holdingClass) : ASSETS_EXPORT_COLUMNS;
  return ctx.database.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(holdings)
      .where(activeHoldingsOf(scope, holdingClass))
      // Holdings of one name in the order they were added (an import adds them in file order).
      .orderBy(asc(holdings.class), asc(holdings.name), asc(holdings.createdAt), asc(holdings.id));
    const opening =
      !holdingClass || holdingClass === 'savings'
        ? await openingBalances(tx, scope)
        : new Map<string, string>();
    let out = CSV_BOM + csvLine(columns);
    for (const row of rows) {
      const cells = holdingCells(row, opening.get(row.id));
      out += csvLine(columns.map((column) => cells[column] ?? ''));
    }
    return out;
  }, READ_SNAPSHOT);
}

function transactionLine(
  row: TransactionRow,
  asset: { holdingId: string; class: string; name: string; symbol: string | null },
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
    assetRef: asset.holdingId,
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
      holdingId: holdings.id,
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
 * The transactions file. The permission is checked before anything is read; then each batch of
 * 1,000 is read (spec 002, section 9) inside one snapshot and written to a temporary file, and
 * that file is sent once complete and deleted after.
 *
 * Why not send each batch as it is read: the snapshot would then stay open (and, with the
 * embedded database, its only connection held, every other request waiting) for as long as the
 * slowest client takes to download; and a failure after the first bytes could only cut the file
 * short, a truncated file the browser saves as if whole. Spooled, the database is held only as
 * long as the reading takes, memory stays flat however long the history, and a failure while
 * reading answers an error instead of a file. A failure while sending (the disk) destroys the
 * connection, which the browser reports as a failed download.
 *
 * `afterBatch` is for tests (a write made between two batches).
 */
export async function exportTransactions(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
  hooks: { afterBatch?: (batch: number) => Promise<void> } = {},
): Promise<Readable> {
  const scope = await scopeFor(ctx, actor, portfolioId, simulationId);
  const dir = await mkdtemp(join(tmpdir(), 'cairn-export-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const path = join(dir, 'transactions.csv');
    const out = createWriteStream(path);
    const write = async (chunk: string) => {
      if (!out.write(chunk)) await once(out, 'drain');
    };
    try {
      // Read-only: on the embedded database other requests' reads run beside it.
      await inSnapshot(ctx.database.db, async (tx) => {
        await write(CSV_BOM + csvLine(TRANSACTION_EXPORT_COLUMNS));
        let cursor: Cursor | null = null;
        for (let batches = 1; ; batches += 1) {
          const batch = await transactionBatch(tx, scope, cursor);
          if (batch.length) {
            const lines = await mapInSlices(batch, (row) => transactionLine(row.transaction, row));
            await write(lines.join(''));
          }
          await hooks.afterBatch?.(batches);
          const last = batch.at(-1);
          if (!last || batch.length < EXPORT_BATCH_SIZE) return;
          cursor = {
            tradeDate: last.transaction.tradeDate,
            createdAt: last.createdAtText,
            id: last.transaction.id,
          };
        }
      });
    } finally {
      out.end();
      await finished(out);
    }
    const file = createReadStream(path);
    file.once('close', () => void cleanup());
    return file;
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * The savings accounts' movements, in the order they were recorded (the order the import
 * applies them in). `taxWithheld` is written for interest only.
 */
export async function exportSavingsMovements(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
): Promise<string> {
  const scope = await scopeFor(ctx, actor, portfolioId, simulationId);
  return ctx.database.db.transaction(async (tx) => {
    const rows = await tx
      .select({ movement: savingsTransactions, holdingId: holdings.id, name: holdings.name })
      .from(savingsTransactions)
      .innerJoin(holdings, eq(holdings.id, savingsTransactions.holdingId))
      .where(activeHoldingsOf(scope, 'savings'))
      .orderBy(asc(savingsTransactions.createdAt), asc(savingsTransactions.id));
    let out = CSV_BOM + csvLine(SAVINGS_MOVEMENT_EXPORT_COLUMNS);
    const slices = new TimeSlices();
    for (const { movement, holdingId, name } of rows) {
      await slices.turn();
      const cells: Record<(typeof SAVINGS_MOVEMENT_EXPORT_COLUMNS)[number], string> = {
        accountName: name,
        transactionType: movement.transactionType,
        transactionDate: movement.transactionDate,
        amount: plain(movement.amount),
        taxWithheld: movement.transactionType === 'interest' ? plain(movement.taxWithheld) : '',
        notes: movement.notes ?? '',
        assetRef: holdingId,
      };
      out += csvLine(SAVINGS_MOVEMENT_EXPORT_COLUMNS.map((column) => cells[column]));
    }
    return out;
  }, READ_SNAPSHOT);
}

/**
 * The savings accounts' rate history as the changes that made it, oldest first per account: a
 * row per rate record (from its start date, its rate), and a row at 0% where a record ended with
 * no other starting that day (the rate was set to 0). Applied in order, as the rate form applies
 * them, they rebuild the same records.
 */
export async function exportSavingsRates(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
): Promise<string> {
  const scope = await scopeFor(ctx, actor, portfolioId, simulationId);
  return ctx.database.db.transaction(async (tx) => {
    const rows = await tx
      .select({ rate: savingsInterestRates, holdingId: holdings.id, name: holdings.name })
      .from(savingsInterestRates)
      .innerJoin(holdings, eq(holdings.id, savingsInterestRates.holdingId))
      .where(activeHoldingsOf(scope, 'savings'))
      .orderBy(
        asc(holdings.name),
        asc(holdings.createdAt),
        asc(holdings.id),
        asc(savingsInterestRates.startDate),
        asc(savingsInterestRates.createdAt),
        asc(savingsInterestRates.id),
      );
    let out = CSV_BOM + csvLine(SAVINGS_RATE_EXPORT_COLUMNS);
    const line = (cells: Record<(typeof SAVINGS_RATE_EXPORT_COLUMNS)[number], string>) =>
      csvLine(SAVINGS_RATE_EXPORT_COLUMNS.map((column) => cells[column]));
    rows.forEach(({ rate, holdingId, name }, index) => {
      out += line({
        accountName: name,
        startDate: rate.startDate,
        interestRate: percent(rate.interestRate),
        compoundingFrequency: rate.compoundingFrequency,
        notes: rate.notes ?? '',
        assetRef: holdingId,
      });
      const next = rows[index + 1];
      const nextStartsThen = next?.holdingId === holdingId && next.rate.startDate === rate.endDate;
      if (rate.endDate && !nextStartsThen) {
        out += line({
          accountName: name,
          startDate: rate.endDate,
          interestRate: '0',
          compoundingFrequency: '',
          notes: '',
          assetRef: holdingId,
        });
      }
    });
    return out;
  }, READ_SNAPSHOT);
}
