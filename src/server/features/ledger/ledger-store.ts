import { and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type CostBasisMethod,
  EMPTY_LEDGER_STATE,
  type HoldingLedger,
  type LedgerTransaction,
  type Lot,
  resumeHoldingPaced,
  type TaxEstimate,
  type TransactionType,
} from '@/domain/ledger';
import { type Decimal, dec, toPlain } from '@/domain/money/decimal';
import { bulkInsert, insertPacked } from '../../db/bulk-insert';
import type { Db, DbOrTx } from '../../db/client';
import { inSnapshot } from '../../db/access-context';
import {
  holdings,
  lotAllocations,
  taxCalculations,
  transactionLots,
  transactions,
} from '../../db/schema';
import { mapInSlices } from '../../platform/time-slices';
import type { TransactionRow } from './holding-dto';
import type { HoldingRow } from './holding-scope';
import { AppError } from '../../platform/errors';
import {
  averageCost,
  keepRecordedSales,
  type PackedLotUpdates,
  type PackedRebuildPlan,
  packLotUpdates,
  planRebuild,
  type RebuildPlan,
  type RebuildStart,
  type RebuildTaskInput,
  rebuildTaskInput,
  replayedTax,
  salesTaxText,
  storedLotFigures,
} from './ledger-plan';

/**
 * The ledger store: a holding's transactions read in ledger order, and its replay written back
 * (lots, tax rows, the holding's quantity and cost) from a given date on (`rebuildHolding`). Offered
 * in the ledger's index.ts because every writer of a ledger replays through it: the ledger feature (a
 * transaction recorded, changed or deleted), the holdings feature (a new holding's opening buy, a
 * simulation's copies) and the CSV import (features/import-export).
 */

/** What the ledger needs of a stored transaction. */
export function toLedgerTransaction(row: TransactionRow): LedgerTransaction {
  return {
    id: row.id,
    type: row.transactionType as TransactionType,
    quantity: row.quantity,
    price: row.price,
    fees: row.fees,
    exchangeRateToBase: row.exchangeRateToBase,
    tradeDate: row.tradeDate,
    costBasisMethod: (row.costBasisMethod as CostBasisMethod | null) ?? null,
    selectedLots: row.selectedLots ?? null,
  };
}

export { ledgerAppError, ledgerFailure } from './transaction-rows';

/**
 * Rows a replay reads per query: the driver parses a query's whole answer as it arrives, without
 * handing the thread back, so a long history is read in pages (a page of this size parses in a
 * few milliseconds).
 */
export const REPLAY_PAGE_ROWS = 1_000;

type ReplayRow = {
  id: string;
  type: string;
  quantity: string;
  price: string;
  fees: string;
  rate: string;
  trade_date: string;
  created_at: string;
  method: string | null;
  selected_lots: LedgerTransaction['selectedLots'] | string;
};

/**
 * What a replay needs of a holding's transactions from trade date `from` on (all when null), in
 * ledger order: only the ledger's columns, read as the driver gives them, page after page (by the
 * ledger order's key, on its index) and mapped in slices, so that a long history never holds the
 * thread for long.
 */
export async function readLedger(
  tx: DbOrTx,
  holdingId: string,
  from: string | null = null,
): Promise<LedgerTransaction[]> {
  const out: LedgerTransaction[] = [];
  let after: ReplayRow | null = null;
  for (;;) {
    const page: ReplayRow[] = await query<ReplayRow>(
      tx,
      sql`select id, transaction_type as type, quantity::text as quantity, price::text as price,
          fees::text as fees, exchange_rate_to_base::text as rate, trade_date::text as trade_date,
          created_at::text as created_at, cost_basis_method as method, selected_lots
        from ${transactions}
        where holding_id = ${holdingId} and status <> 'cancelled'
          ${from ? sql`and trade_date >= ${from}` : sql``}
          ${
            after
              ? sql`and (trade_date, created_at, id)
                  > (${after.trade_date}::date, ${after.created_at}::timestamptz, ${after.id}::uuid)`
              : sql``
          }
        order by trade_date, created_at, id
        limit ${REPLAY_PAGE_ROWS}`,
    );
    const mapped = await mapInSlices(page, (row) => ({
      id: row.id,
      type: row.type as TransactionType,
      quantity: row.quantity,
      price: row.price,
      fees: row.fees,
      exchangeRateToBase: row.rate,
      tradeDate: row.trade_date,
      costBasisMethod: (row.method as CostBasisMethod | null) ?? null,
      selectedLots:
        typeof row.selected_lots === 'string'
          ? (JSON.parse(row.selected_lots) as LedgerTransaction['selectedLots'])
          : (row.selected_lots ?? null),
    }));
    for (const row of mapped) out.push(row);
    if (page.length < REPLAY_PAGE_ROWS) return out;
    after = page[page.length - 1] ?? null;
  }
}

/**
 * The ledger with one more transaction (not stored: a sale's preview), placed after everything
 * on or before its trade date: replayed from that date, from the state the stored rows give there
 * (the whole history when rows from before migration 0008 need it), in one read-only snapshot.
 */
export async function replayWithDraft(
  db: Db,
  holdingId: string,
  draft: LedgerTransaction,
): Promise<HoldingLedger> {
  const { start, rows } = await inSnapshot(db, async (tx) => {
    const start = await stateAt(tx, holdingId, draft.tradeDate);
    const rows = await readLedger(tx, holdingId, start ? draft.tradeDate : null);
    return { start, rows };
  });
  const after = rows.findIndex((row) => row.tradeDate > draft.tradeDate);
  const ordered =
    after < 0 ? [...rows, draft] : [...rows.slice(0, after), draft, ...rows.slice(after)];
  return resumeHoldingPaced(start?.state ?? EMPTY_LEDGER_STATE, ordered);
}

/** Rows of a raw query, on node-postgres and PGlite alike. */
async function query<T>(tx: DbOrTx, statement: SQL): Promise<T[]> {
  const result = await tx.execute(statement);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

type StoredLot = {
  id: string;
  lot_number: number;
  acquisition_date: string;
  acquisition_price: string;
  exchange_rate_to_base: string;
  original_quantity: string;
  fees_allocated: string;
  remaining_quantity: string;
  fees_remaining: string;
  pooled_unit_cost: string | null;
  cost_basis_method: string | null;
  depleted_on: string | null;
  changed_on: string | null;
  /** No sale dated `from` or later changed the lot: it is stored as it stood at `from`. */
  current: boolean;
  /** Otherwise, the last sale before `from` that took from it (none: `sold_on` is null). */
  sold_on?: string | null;
  remaining_after?: string | null;
  fees_remaining_after?: string | null;
  method?: string | null;
  /** Otherwise, whether the last average-cost sale before `from` pooled it. */
  pooled?: boolean;
};

/** A stored lot's columns as `StoredLot` reads them (`current`: no sale from `from` on changed it). */
const lotColumns = (from: string) => sql`lot.id, lot.lot_number,
  lot.acquisition_date::text as acquisition_date, lot.acquisition_price::text as acquisition_price,
  lot.exchange_rate_to_base::text as exchange_rate_to_base,
  lot.original_quantity::text as original_quantity, lot.fees_allocated::text as fees_allocated,
  lot.remaining_quantity::text as remaining_quantity, lot.fees_remaining::text as fees_remaining,
  lot.pooled_unit_cost::text as pooled_unit_cost, lot.cost_basis_method,
  lot.depleted_on::text as depleted_on, lot.changed_on::text as changed_on,
  (lot.changed_on is null or lot.changed_on < ${from}) as current`;

/**
 * Which open lots the transactions replayed from a date can take from, when that can be said
 * without reading them all: FIFO (or LIFO) sales take from the oldest (newest) open lots until
 * their quantity is met; specific-lot sales from the lots they name. An average-cost sale pools
 * every open lot, and sales of two methods mix orders: those read every lot (null).
 */
export type LotRead = { needed: Decimal } & ({ order: 'oldest' | 'newest' } | { ids: string[] });

export function lotsToRead(rows: readonly LedgerTransaction[]): LotRead | null {
  const methods = new Set<CostBasisMethod>();
  let needed = dec(0);
  const ids = new Set<string>();
  for (const row of rows) {
    if (row.type !== 'sell') continue;
    const method = row.costBasisMethod ?? 'fifo';
    methods.add(method);
    needed = needed.plus(row.quantity);
    for (const selection of row.selectedLots ?? []) ids.add(selection.lotId);
  }
  if (methods.size > 1 || methods.has('average_cost')) return null;
  if (methods.has('specific_id')) return { ids: [...ids], needed };
  return { order: methods.has('lifo') ? 'newest' : 'oldest', needed };
}

/** Open lots read a page at a time, oldest or newest first, until a sale's quantity is met. */
const LOT_PAGE_ROWS = 100;

/** A lot's order key, oldest first. */
const byAge = (a: StoredLot, b: StoredLot) =>
  a.acquisition_date < b.acquisition_date
    ? -1
    : a.acquisition_date > b.acquisition_date
      ? 1
      : Number(a.lot_number) - Number(b.lot_number);

/**
 * The lots open at `from` that the transactions from then on can take from (`read`), oldest first,
 * and the lots acquired from then on that still hold something (`rewritten`: the replay writes
 * them again); null when the lots a specific-lot sale names hold less than is sold (every lot is
 * read then, so that the refusal is a whole replay's). Always every lot a sale dated `from` or
 * later changed (few: a whole read rewrites them too, and rows marked by migration 0008 are
 * among them). By the order, then the lots open now in that order, on their index, until what
 * they hold now covers the quantity sold (what they held at `from` is no less, so the sales never
 * reach beyond them); the first page comes in one query with the others.
 */
async function someLotsAt(
  tx: DbOrTx,
  holdingId: string,
  from: string,
  read: LotRead,
): Promise<{ lots: StoredLot[]; rewritten: StoredLot[] } | null> {
  const rewrittenSql = sql`select ${lotColumns(from)}, 'rewritten' as part
    from ${transactionLots} as lot
    where lot.holding_id = ${holdingId} and lot.acquisition_date >= ${from}
      and lot.remaining_quantity > 0`;
  const changedSql = sql`select ${lotColumns(from)}, 'changed' as part
    from ${transactionLots} as lot
    where lot.holding_id = ${holdingId} and lot.changed_on >= ${from}
      and lot.acquisition_date < ${from}
      and (lot.depleted_on is null or lot.depleted_on >= ${from})`;
  if ('ids' in read) {
    const rows = await query<StoredLot & { part: string }>(
      tx,
      sql`(select ${lotColumns(from)}, 'named' as part from ${transactionLots} as lot
          where lot.holding_id = ${holdingId} and lot.acquisition_date < ${from}
            and (lot.depleted_on is null or lot.depleted_on >= ${from})
            and lot.id = any(${sql.param(read.ids)}::uuid[]))
        union all (${changedSql})
        union all (${rewrittenSql})`,
    );
    const named = rows.filter((row) => row.part === 'named');
    const held = named.reduce((sum, row) => sum.plus(row.remaining_quantity), dec(0));
    if (held.lt(read.needed)) return null;
    return {
      lots: distinct([...named, ...rows.filter((row) => row.part === 'changed')]).sort(byAge),
      rewritten: rows.filter((row) => row.part === 'rewritten'),
    };
  }
  const newest = read.order === 'newest';
  const order = newest
    ? sql`lot.acquisition_date desc, lot.lot_number desc`
    : sql`lot.acquisition_date, lot.lot_number`;
  const openPage = (after: StoredLot | null, rows: number) =>
    sql`select ${lotColumns(from)}, 'open' as part from ${transactionLots} as lot
      where lot.holding_id = ${holdingId} and lot.depleted_on is null
        and lot.acquisition_date < ${from}
        ${
          after === null
            ? sql``
            : newest
              ? sql`and (lot.acquisition_date, lot.lot_number)
                  < (${after.acquisition_date}::date, ${after.lot_number}::int)`
              : sql`and (lot.acquisition_date, lot.lot_number)
                  > (${after.acquisition_date}::date, ${after.lot_number}::int)`
        }
      order by ${order} limit ${rows}`;
  const first = read.needed.isZero() ? 0 : LOT_PAGE_ROWS;
  const rows = await query<StoredLot & { part: string }>(
    tx,
    sql`(${openPage(null, first)})
      union all (${changedSql})
      union all (${rewrittenSql})`,
  );
  const lots: StoredLot[] = rows.filter((row) => row.part === 'changed');
  let page: StoredLot[] = rows.filter((row) => row.part === 'open').sort(byAge);
  if (newest) page.reverse();
  let covered = dec(0);
  for (;;) {
    for (const row of page) {
      if (covered.gte(read.needed)) break;
      lots.push(row);
      covered = covered.plus(row.remaining_quantity);
    }
    if (covered.gte(read.needed) || page.length < LOT_PAGE_ROWS) break;
    page = await query<StoredLot>(tx, openPage(page[page.length - 1] ?? null, LOT_PAGE_ROWS));
  }
  return {
    lots: distinct(lots).sort(byAge),
    rewritten: rows.filter((row) => row.part === 'rewritten'),
  };
}

/** Each lot once (a lot both changed and open is read twice). */
const distinct = (lots: StoredLot[]) => [...new Map(lots.map((lot) => [lot.id, lot])).values()];

/** Units and their cost (holding's currency, fees included) added up over stored lots. */
type LotTotals = { quantity: Decimal; cost: Decimal };

/** What the lots read and the lots rewritten hold as stored, when only some lots were read. */
type ReadTotals = LotTotals & { partial: boolean };

/** Adds a stored lot, as it is stored now (not as it stood at a date), to `totals`. */
function addStored(
  totals: LotTotals,
  row: Pick<
    StoredLot,
    | 'remaining_quantity'
    | 'fees_remaining'
    | 'pooled_unit_cost'
    | 'acquisition_price'
    | 'exchange_rate_to_base'
  >,
) {
  const remaining = dec(row.remaining_quantity);
  if (remaining.isZero()) return;
  totals.quantity = totals.quantity.plus(remaining);
  totals.cost = totals.cost.plus(
    row.pooled_unit_cost
      ? remaining.mul(row.pooled_unit_cost).div(row.exchange_rate_to_base)
      : remaining.mul(row.acquisition_price).plus(row.fees_remaining),
  );
}

/**
 * The ledger's state at the start of trade date `from`, from what the last replay stored: how many
 * lots were opened before it and the lots still open then, as they stood. A lot no sale dated
 * `from` or later changed is read as stored; another one as the last sale before `from` left it
 * (what each sale left of a lot is stored with what it took), pooled at the cost of the last
 * average-cost sale before `from` if that sale found it open. Everything dated before `from` is
 * as that replay left it: a change replays from its own first date. Null when rows written before
 * migration 0008 are needed: the caller replays the whole history instead, which rewrites them.
 */
async function stateAt(
  tx: DbOrTx,
  holdingId: string,
  from: string,
  read: LotRead | null = null,
  totals?: ReadTotals,
): Promise<RebuildStart | null> {
  const [head] = await query<{
    lot_count: number | null;
    average_sale: string | null;
    average_sale_on: string | null;
    pooled_unit_cost: string | null;
  }>(
    tx,
    sql`select
      (select lot_number from ${transactionLots}
        where holding_id = ${holdingId} and acquisition_date < ${from}
        order by acquisition_date desc, lot_number desc limit 1) as lot_count,
      sale.id as average_sale, sale.trade_date::text as average_sale_on,
      (select pooled_unit_cost::text from ${lotAllocations}
        where sell_transaction_id = sale.id limit 1) as pooled_unit_cost
    from (select 1) as one
    left join lateral (
      select id, trade_date from ${transactions}
      where holding_id = ${holdingId} and transaction_type = 'sell'
        and cost_basis_method = 'average_cost' and status <> 'cancelled' and trade_date < ${from}
      order by trade_date desc, created_at desc, id desc limit 1
    ) as sale on true`,
  );
  if (head?.average_sale && head.pooled_unit_cost === null) return null;
  const averageSale = head?.average_sale ?? null;
  const some = read ? await someLotsAt(tx, holdingId, from, read) : null;
  const lots =
    some?.lots ??
    (await query<StoredLot>(
      tx,
      sql`select ${lotColumns(from)}
        from ${transactionLots} as lot
        where lot.holding_id = ${holdingId} and lot.acquisition_date < ${from}
          and (lot.depleted_on is null or lot.depleted_on >= ${from})
        order by lot.lot_number`,
    ));
  if (totals && some) {
    totals.partial = true;
    for (const row of [...some.lots, ...some.rewritten]) addStored(totals, row);
  }
  // Lots a sale dated `from` or later changed: as the last sale before `from` left them.
  const later = lots.filter((row) => !row.current).map((row) => row.id);
  if (later.length) {
    const before = await query<
      Pick<StoredLot, 'id' | 'sold_on' | 'remaining_after' | 'fees_remaining_after' | 'method'> & {
        pooled: boolean;
      }
    >(
      tx,
      sql`select lot.id, last.trade_date::text as sold_on,
          last.lot_remaining_after::text as remaining_after,
          last.lot_fees_remaining_after::text as fees_remaining_after, last.method,
          ${
            averageSale
              ? sql`(select (buy.trade_date, buy.created_at, buy.id)
                      < (sale.trade_date, sale.created_at, sale.id)
                    from ${transactions} as buy, ${transactions} as sale
                    where buy.id = lot.id and sale.id = ${averageSale})`
              : sql`false`
          } as pooled
        from unnest(${sql.param(later)}::uuid[]) as lot(id)
        left join lateral (
          select used.lot_remaining_after, used.lot_fees_remaining_after, sale.trade_date,
            coalesce(sale.cost_basis_method, 'fifo') as method
          from ${lotAllocations} as used
          join ${transactions} as sale on sale.id = used.sell_transaction_id
          where used.lot_id = lot.id and sale.trade_date < ${from}
          order by sale.trade_date desc, sale.created_at desc, sale.id desc limit 1
        ) as last on true`,
    );
    const byId = new Map(lots.map((row) => [row.id, row]));
    for (const found of before) {
      const row = byId.get(found.id);
      if (row) Object.assign(row, found);
    }
  }
  const pooled = head?.pooled_unit_cost ? dec(head.pooled_unit_cost) : null;
  const open: Lot[] = [];
  const stored = new Map<string, string>();
  const changedOn = new Map<string, string | null>();
  const stale = new Set<string>();
  for (const row of lots) {
    const sold = (row.sold_on ?? null) !== null;
    if (
      !row.current &&
      sold &&
      ((row.remaining_after ?? null) === null || (row.fees_remaining_after ?? null) === null)
    )
      return null;
    const remaining = dec(
      row.current ? row.remaining_quantity : (row.remaining_after ?? row.original_quantity),
    );
    if (remaining.isZero()) continue;
    const lot: Lot = {
      id: row.id,
      lotNumber: Number(row.lot_number),
      acquisitionDate: row.acquisition_date,
      acquisitionPrice: dec(row.acquisition_price),
      exchangeRateToBase: dec(row.exchange_rate_to_base),
      originalQuantity: dec(row.original_quantity),
      remainingQuantity: remaining,
      feesAllocated: dec(row.fees_allocated),
      feesRemaining: dec(
        row.current ? row.fees_remaining : (row.fees_remaining_after ?? row.fees_allocated),
      ),
      pooledUnitCost: row.current
        ? row.pooled_unit_cost
          ? dec(row.pooled_unit_cost)
          : null
        : (row.pooled ?? false)
          ? pooled
          : null,
      costBasisMethod: ((row.current ? row.cost_basis_method : row.method) ??
        null) as CostBasisMethod | null,
      status: 'active',
    };
    open.push(lot);
    stored.set(
      row.id,
      storedLotFigures([
        row.remaining_quantity,
        row.fees_remaining,
        row.pooled_unit_cost,
        row.cost_basis_method,
        row.depleted_on,
        row.changed_on,
      ]),
    );
    if (row.current) {
      changedOn.set(row.id, row.changed_on);
    } else {
      stale.add(row.id);
      const pooledOn = (row.pooled ?? false) ? (head?.average_sale_on ?? null) : null;
      const soldOn = row.sold_on ?? null;
      changedOn.set(
        row.id,
        soldOn && pooledOn ? (soldOn > pooledOn ? soldOn : pooledOn) : (soldOn ?? pooledOn),
      );
    }
  }
  return {
    state: { lotCount: Number(head?.lot_count ?? 0), lots: open },
    stored,
    changedOn,
    stale,
  };
}

/** The sales of the holding dated `from` on (all when null), as their tax rows stand. */
async function storedSales(tx: DbOrTx, holdingId: string, since: SQL | undefined) {
  const rows = await tx
    .select()
    .from(taxCalculations)
    .where(
      inArray(
        taxCalculations.transactionId,
        tx
          .select({ id: transactions.id })
          .from(transactions)
          .where(and(eq(transactions.holdingId, holdingId), since)),
      ),
    );
  return salesTaxText(rows);
}

/** Sets the figures of lots a resumed replay changed: one statement per packed chunk. */
async function updateLots(tx: DbOrTx, packed: PackedLotUpdates, now: Date) {
  for (const chunk of packed.chunks) {
    const [ids, remaining, fees, pooled, method, status, depletedOn, changedOn] = chunk;
    await tx.execute(sql`update ${transactionLots} as lot set
        remaining_quantity = v.remaining, fees_remaining = v.fees,
        pooled_unit_cost = v.pooled, cost_basis_method = v.method, status = v.status,
        depleted_on = v.depleted_on, changed_on = v.changed_on, updated_at = ${now}
      from unnest(${ids}::uuid[], ${remaining}::numeric[], ${fees}::numeric[],
        ${pooled}::numeric[], ${method}::text[], ${status}::text[], ${depletedOn}::date[],
        ${changedOn}::date[])
        as v(id, remaining, fees, pooled, method, status, depleted_on, changed_on)
      where lot.id = v.id`);
  }
}

/** Runs the replay's planning on a compute worker (`ServerContext.compute`). */
export type RebuildCompute = {
  run(task: 'ledgerRebuild', input: RebuildTaskInput): Promise<PackedRebuildPlan>;
};

/**
 * A replay of at least this many transactions is planned on a compute worker when the caller
 * gives one: below it, the round trip costs more than the thread time it saves.
 */
export const OFFLOAD_REPLAY_ROWS = 500;

export type RebuildOptions = {
  /**
   * The first trade date the change touches (the earliest of its old and new dates): the replay
   * resumes there, from the state the stored rows give, and rewrites only what is dated from it
   * on. None: the whole history is replayed.
   */
  from?: string | null;
  /**
   * Refuse (409 LOT_CONSUMED) a change that rewrites a sale already recorded: its lots,
   * quantities, cost or tax (a buy an average-cost sale counted, or moved under a FIFO sale).
   */
  keepSales?: boolean;
  /** The sale whose tax estimate to answer (`tax` of the result). */
  taxOf?: string;
  /**
   * The change only added transactions (no lot went with a deleted or changed one): the replay
   * may read only the lots they can take from (`lotsToRead`).
   */
  added?: boolean;
  /**
   * Compute workers: a replay of `OFFLOAD_REPLAY_ROWS` transactions or more is planned there, so
   * that the request thread only reads and writes.
   */
  compute?: RebuildCompute;
};

/**
 * Locks the holding and reads where its replay starts and what it replays. When the transactions
 * from the resume date on can only take from some lots (`lotsToRead`: a new FIFO, LIFO or
 * specific-lot sale, a new buy), only those lots are read, and `untouched` says what the others
 * hold and cost: the holding's totals less what the lots read and the lots rewritten held.
 */
async function readReplay(tx: DbOrTx, holding: HoldingRow, options: RebuildOptions) {
  // One replay of a holding at a time (callers that lock it already lose nothing): another
  // transaction's replay must be committed before this one reads the state it left.
  const [locked] = await tx
    .select({ quantity: holdings.quantity, lotsCost: holdings.lotsCost })
    .from(holdings)
    .where(eq(holdings.id, holding.id))
    .for('update');
  let start: RebuildStart | null = null;
  let rows: LedgerTransaction[] | null = null;
  let untouched: LotTotals | null = null;
  if (options.from) {
    rows = await readLedger(tx, holding.id, options.from);
    const lotsCost = locked?.lotsCost ?? null;
    const read =
      options.added && lotsCost !== null && holding.class !== 'savings' ? lotsToRead(rows) : null;
    if (read && locked && lotsCost !== null) {
      const kept: ReadTotals = { quantity: dec(0), cost: dec(0), partial: false };
      start = await stateAt(tx, holding.id, options.from, read, kept);
      if (start && kept.partial) {
        untouched = {
          quantity: dec(locked.quantity).minus(kept.quantity),
          cost: dec(lotsCost).minus(kept.cost),
        };
        // Totals that do not add up (never expected): every lot is read instead.
        if (untouched.quantity.isNegative()) {
          untouched = null;
          start = null;
        }
      }
    }
    start ??= await stateAt(tx, holding.id, options.from);
  }
  // Stored rows from before migration 0008 cannot be resumed from: replayed whole, then they can.
  const from = start ? (options.from ?? null) : null;
  if (!start) {
    untouched = null;
    rows = await readLedger(tx, holding.id, null);
  }
  const scope = {
    userId: holding.userId,
    portfolioId: holding.portfolioId,
    simulationId: holding.simulationId,
    holdingId: holding.id,
  };
  return { start, from, rows: rows ?? [], scope, untouched };
}

/**
 * Writes a replay's plan: what is dated from `from` on is rewritten (what its sales took and their
 * tax rows, by a subquery: a long history would pass the bind-parameter limit; the lots opened from
 * then on, numbered in the ledger's order), the open lots it changed are updated, and the holding
 * gets its quantity and average cost.
 */
async function writeReplay(
  tx: DbOrTx,
  holding: HoldingRow,
  from: string | null,
  now: Date,
  insert: (tx: DbOrTx) => Promise<void>,
  totals: { quantity: string; purchasePrice: string | null; lotsCost: string },
) {
  const { quantity, purchasePrice, lotsCost } = totals;
  // One statement: what the sales dated from `from` on took and their tax rows, and the lots
  // acquired from then on (what took from those lots goes with them).
  await tx.execute(sql`with sales as (
      select id from ${transactions}
      where holding_id = ${holding.id} ${from ? sql`and trade_date >= ${from}` : sql``}
    ), taken as (
      delete from ${lotAllocations} where sell_transaction_id in (select id from sales)
    ), taxed as (
      delete from ${taxCalculations} where transaction_id in (select id from sales)
    )
    delete from ${transactionLots}
    where holding_id = ${holding.id} ${from ? sql`and acquisition_date >= ${from}` : sql``}`);
  await insert(tx);
  // A savings account's balance moves with its own deposits and withdrawals (savings service).
  if (holding.class !== 'savings') {
    await tx
      .update(holdings)
      .set({
        quantity,
        // Kept as it was once all is sold.
        ...(purchasePrice === null ? {} : { purchasePrice }),
        lotsCost,
        updatedAt: now,
      })
      .where(eq(holdings.id, holding.id));
  }
}

/** A plan worked out on this thread, written. */
async function insertPlan(tx: DbOrTx, plan: RebuildPlan, now: Date) {
  await updateLots(tx, packLotUpdates(plan.changed), now);
  await bulkInsert(tx, transactionLots, plan.lotRows);
  await bulkInsert(tx, lotAllocations, plan.allocations);
  await bulkInsert(tx, taxCalculations, plan.taxRows);
}

/**
 * The lots, allocations and tax rows of a holding are written here only: whatever writes
 * transactions must call this (without `from` when it cannot say which dates it touched), since a
 * replay from a date trusts what is stored before it.
 *
 * Replays a holding's ledger from the first date a change touches (or the whole of it) and writes
 * what follows from it, in the caller's transaction: its lots, what each sale took from them, each
 * sale's tax rows, and the holding's quantity and average cost. Any broken rule (a sale above what
 * is held at its date...) throws before anything is written, and the caller's transaction rolls
 * back whatever it did first.
 *
 * Replaying instead of patching is what makes back-dated, edited, cancelled and deleted
 * transactions give the same lots as if the history had always been so. Resuming from the state
 * at the change's date gives the same as replaying everything (a property test holds it to that):
 * rows dated before it are left alone, lots still open then are updated, the rest is rewritten.
 *
 * A long replay (`OFFLOAD_REPLAY_ROWS` transactions or more) is planned on a compute worker when
 * the caller gives one (`options.compute`) and comes back as packed rows, so the request thread
 * only reads and writes; a short one is planned here, in slices. Both plan with `planRebuild`.
 */
export async function rebuildHolding(
  tx: DbOrTx,
  holding: HoldingRow,
  now: Date,
  options: RebuildOptions = {},
): Promise<{ tax: TaxEstimate | null }> {
  const { start, from, rows, scope, untouched } = await readReplay(tx, holding, options);
  const recordedSales = options.keepSales
    ? await storedSales(tx, holding.id, from ? gte(transactions.tradeDate, from) : undefined)
    : null;
  const taxOf = options.taxOf ?? null;
  let plan: Pick<RebuildPlan, 'quantity' | 'purchasePrice' | 'lotsCost'>;
  let insert: (tx: DbOrTx) => Promise<void>;
  let tax: TaxEstimate | null;
  if (options.compute && rows.length >= OFFLOAD_REPLAY_ROWS) {
    const packed = await options.compute.run(
      'ledgerRebuild',
      await rebuildTaskInput(start, rows, scope, now, { taxOf, recordedSales }),
    );
    if (!packed.ok) throw new AppError(packed.code, packed.details, packed.message);
    plan = packed;
    tax = packed.tax;
    insert = async (tx) => {
      await updateLots(tx, packed.changed, now);
      await insertPacked(tx, transactionLots, packed.lotRows);
      await insertPacked(tx, lotAllocations, packed.allocations);
      await insertPacked(tx, taxCalculations, packed.taxRows);
    };
  } else {
    const planned = await planRebuild(start, rows, scope, now);
    if (recordedSales) keepRecordedSales(planned, recordedSales);
    plan = planned;
    tax = taxOf ? replayedTax(planned.ledger, taxOf) : null;
    insert = (tx) => insertPlan(tx, planned, now);
  }
  // Only some lots replayed: the holding's totals are theirs plus what the others hold.
  const quantity = untouched ? untouched.quantity.plus(plan.quantity) : dec(plan.quantity);
  const cost = untouched ? untouched.cost.plus(plan.lotsCost) : dec(plan.lotsCost);
  await writeReplay(tx, holding, from, now, insert, {
    quantity: toPlain(quantity),
    purchasePrice: untouched ? averageCost(cost, quantity) : plan.purchasePrice,
    lotsCost: toPlain(cost),
  });
  return { tax };
}
