import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { CreateHoldingInput } from '@/contracts/holdings';
import {
  type ImportCommit,
  type ImportIssue,
  type ImportKind,
  type ImportPreview,
} from '@/contracts/import-export';
import { importIssue } from '@/domain/import/issues';
import type { ServerContext } from '../../context';
import { bulkTransaction, inSnapshot } from '../../db/access-context';
import { insertPacked } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { holdings, transactionAuditTrail, transactions } from '../../db/schema';
import {
  assetCount,
  assetLimitOf,
  enforceAssetLimit,
  holdingValues,
  insertHolding,
  ownerTier,
  refreshBankLogos,
  seedValuations,
} from '../holdings';
import { AppError } from '../../platform/errors';
import { notify } from '../notifications';
import { usersWhoMaySee, withCashCheck } from '../portfolios';
import { errorsOf, issueList, type IssueList } from '../../platform/import-issues';
import {
  activeHoldingsOf,
  type Actor,
  type HoldingRow,
  type PackedLedgerRows,
  packLedgerRows,
  publishHoldingsChanged,
  readLedger,
  rebuildHolding,
  recordLedgerAudit,
  requireScope,
  type Scope,
} from '../ledger';
import { assertImportSize, type ImportBody } from './import-common';
import { type FileSummary, type HoldingItem, type ImportHolding, summaryOf } from './import-rows';
import {
  checkSavingsMovements,
  checkSavingsRates,
  saveSavingsMovements,
  saveSavingsRates,
} from './import-savings';

export { microsecondsAfter } from './import-rows';

/**
 * CSV import of holdings, transactions and savings histories (spec 002; security checklist 19).
 * A preview reads the file, maps its columns, and checks every row with the API's own schemas
 * and rules (for transactions, a replay of each asset's ledger; for savings movements, the
 * savings service's balance rules); a commit does the same inside one database transaction and
 * saves every row or none.
 *
 * The CPU work (reading the file, checking its rows, replaying ledgers, making the rows to insert
 * ready) runs on a compute worker (import-rows.ts, through `ctx.compute`); the request thread
 * reads what the checks need from the database and writes, in one database transaction.
 */

// Holdings ---------------------------------------------------------------------------------------

/** A checked file: its summary, its issues, and how to save it (null when it cannot be read). */
type Checked = {
  file: FileSummary;
  list: IssueList;
  /** Issues found on the request thread (what needs the database), after the worker's. */
  later: ImportIssue[];
  imported: number;
  save: ((tx: DbOrTx) => Promise<void>) | null;
};

/**
 * The holdings of a file, checked on a worker; here, the ids their refs give (a ref whose holding
 * this view already holds, because the file was imported here before, is refused on its row; a
 * holding once imported then deleted, a savings account deleted softly, leaves its id taken, so
 * the new one gets a random id and is found by name) and the plan's limit, shown on the first row
 * beyond it (the commit checks it again, locked).
 */
async function checkHoldings(
  ctx: ServerContext,
  db: DbOrTx,
  actor: Actor,
  scope: Scope,
  body: ImportBody,
  now: Date,
  commit: boolean,
): Promise<Checked> {
  const opening = body.openingTransactions;
  const result = await ctx.compute.run('importHoldings', {
    body: { kind: body.kind, csv: body.csv, mapping: body.mapping },
    opening,
    scope: { portfolioId: scope.portfolioId, simulationId: scope.simulationId },
    withItems: commit,
  });
  const checked: Checked = {
    file: result.file,
    list: result,
    later: [],
    imported: result.items.length,
    save: null,
  };
  if (!result.file.readable) return checked;
  const taken = new Map<string, boolean>();
  const ids = result.refs.map((ref) => ref.id);
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await db
      .select({ id: holdings.id, isActive: holdings.isActive })
      .from(holdings)
      .where(inArray(holdings.id, ids.slice(start, start + 1000)));
    for (const holding of rows) taken.set(holding.id, holding.isActive);
  }
  const idOfRow = new Map<number, string>();
  for (const { row, ref, id } of result.refs) {
    if (!taken.has(id)) idOfRow.set(row, id);
    else if (taken.get(id)) {
      checked.later.push(importIssue(row, 'assetRefImported', { ref }, 'assetRef'));
    } else idOfRow.set(row, randomUUID());
  }
  if (!commit) {
    const tier = await ownerTier(db, scope.access.portfolio.userId);
    const limit = assetLimitOf(tier);
    const room = limit === null ? Infinity : limit - (await assetCount(db, scope));
    const over = result.rowNumbers[Math.max(0, room)];
    if (limit !== null && over !== undefined && result.rowNumbers.length > room) {
      checked.later.push({
        row: over,
        field: null,
        message: `Your plan allows ${limit} assets per portfolio. Upgrade your plan to add more.`,
        code: 'TIER_ASSET_LIMIT',
        params: { tier, limit: String(limit) },
      });
    }
  }
  checked.save = (tx) => saveHoldings(tx, actor, scope, result.items, idOfRow, opening, now);
  return checked;
}

/**
 * A holding without an opening buy: its quantity and cost come from its transactions, a savings
 * account's rate history and movements from the savings files.
 */
async function insertHoldingWithoutLedger(
  tx: DbOrTx,
  actor: Actor,
  scope: Scope,
  input: CreateHoldingInput,
  id: string,
  now: Date,
): Promise<HoldingRow> {
  const [row] = await tx
    .insert(holdings)
    .values({
      ...holdingValues(input),
      id,
      userId: actor.userId,
      portfolioId: scope.portfolioId,
      simulationId: scope.simulationId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('holding insert returned nothing');
  await seedValuations(tx, actor.userId, row, now);
  await rebuildHolding(tx, row, now);
  await recordLedgerAudit(
    tx,
    actor,
    {
      portfolioId: scope.portfolioId,
      action: 'create',
      entityType: 'holding',
      entityId: row.id,
      newValues: { class: row.class, name: row.name, source: 'import' },
    },
    now,
  );
  return row;
}

async function saveHoldings(
  tx: DbOrTx,
  actor: Actor,
  scope: Scope,
  items: HoldingItem[],
  idOfRow: Map<number, string>,
  opening: boolean,
  now: Date,
) {
  await enforceAssetLimit(tx, scope, items.length);
  for (const [index, item] of items.entries()) {
    const id = idOfRow.get(item.row) ?? randomUUID();
    // Recorded in file order, a millisecond apart: the export lists same-named holdings so.
    const at = new Date(now.getTime() + index);
    let row: HoldingRow;
    if (opening) {
      row = await insertHolding(tx, actor, scope, item.input, at, id);
    } else {
      const input =
        item.input.class === 'savings' && item.openingBalance !== null
          ? { ...item.input, currentBalance: item.openingBalance }
          : item.input;
      row = await insertHoldingWithoutLedger(tx, actor, scope, input, id, at);
    }
    const changes: Partial<typeof holdings.$inferInsert> = {};
    if (item.status && item.status !== row.status) changes.status = item.status;
    if (item.symbol && item.symbol !== row.symbol) changes.symbol = item.symbol;
    if (Object.keys(changes).length) {
      await tx.update(holdings).set(changes).where(eq(holdings.id, row.id));
    }
  }
}

// Transactions -----------------------------------------------------------------------------------

/** Which of these holdings have a transaction already. */
async function holdingsWithTransactions(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ holdingId: transactions.holdingId })
    .from(transactions)
    .where(inArray(transactions.holdingId, ids));
  return new Set(rows.map((row) => row.holdingId));
}

/** The active holdings of a view (locked for a commit). */
export async function holdingsInScope(db: DbOrTx, scope: Scope, lock: boolean) {
  const query = db.select().from(holdings).where(activeHoldingsOf(scope));
  return lock ? await query.for('update') : await query;
}

/**
 * A transactions file, checked on a worker against the view's holdings (locked for a commit); then
 * each asset's ledger replayed there with the file's rows added to its stored ones, read here.
 */
async function checkTransactions(
  ctx: ServerContext,
  db: DbOrTx,
  actor: Actor,
  scope: Scope,
  body: ImportBody,
  now: Date,
  lock: boolean,
): Promise<Checked> {
  const inScope = await holdingsInScope(db, scope, lock);
  const traded = await holdingsWithTransactions(
    db,
    inScope.filter((holding) => holding.class === 'savings').map((holding) => holding.id),
  );
  const result = await ctx.compute.run('importTransactions', {
    body: { kind: body.kind, csv: body.csv, mapping: body.mapping },
    scope: { portfolioId: scope.portfolioId, simulationId: scope.simulationId },
    actor: {
      userId: actor.userId,
      sessionId: actor.sessionId,
      ip: actor.ip,
      userAgent: actor.userAgent,
    },
    holdings: inScope.map((holding): ImportHolding => ({
      id: holding.id,
      class: holding.class,
      name: holding.name,
      symbol: holding.symbol,
      currency: holding.currency,
      purchaseDate: holding.purchaseDate,
      portfolioId: holding.portfolioId,
    })),
    traded: [...traded],
    now,
    pack: lock,
  });
  const checked: Checked = {
    file: result.file,
    list: result,
    later: [],
    imported: result.count,
    save: null,
  };
  if (!result.file.readable) return checked;
  if (result.ledgerHoldings.length) {
    // Read in pages, in one snapshot (a commit's own transaction; a preview's read-only one),
    // and sent as texts per field (a long ledger is thousands of rows).
    const existing: Record<string, PackedLedgerRows> = {};
    const readAll = async (from: DbOrTx) => {
      for (const holdingId of result.ledgerHoldings) {
        existing[holdingId] = await packLedgerRows(await readLedger(from, holdingId));
      }
    };
    if (lock) await readAll(db);
    else await inSnapshot(ctx.database.db, readAll);
    checked.later = await ctx.compute.run('importLedgers', {
      entries: result.ledgerEntries,
      existing,
    });
  }
  const byId = new Map(inScope.map((holding) => [holding.id, holding]));
  checked.save = async (tx) => {
    if (!result.rows || !result.audit) throw new Error('the import rows were not made ready');
    await insertPacked(tx, transactions, result.rows);
    await insertPacked(tx, transactionAuditTrail, result.audit);
    // Each asset's ledger is replayed from the file's first trade date for it.
    for (const { holdingId, from } of result.touched) {
      const holding = byId.get(holdingId);
      if (holding)
        await rebuildHolding(tx, holding, now, { from, added: true, compute: ctx.compute });
    }
  };
  return checked;
}

// Savings ----------------------------------------------------------------------------------------

/** A savings file, read on a worker; its rows checked here with the savings service's rules. */
async function checkSavings(
  ctx: ServerContext,
  db: DbOrTx,
  actor: Actor,
  scope: Scope,
  body: ImportBody,
  now: Date,
  lock: boolean,
): Promise<Checked> {
  const prepared = await ctx.compute.run('importFile', {
    kind: body.kind,
    csv: body.csv,
    mapping: body.mapping,
  });
  const checked: Checked = {
    file: summaryOf(prepared),
    list: issueList(prepared.issues),
    later: [],
    imported: 0,
    save: null,
  };
  if (!prepared.readable) return checked;
  if (body.kind === 'savings-movements') {
    const { items, issues } = await checkSavingsMovements(db, scope, prepared, lock);
    checked.later = issues;
    checked.imported = items.length;
    checked.save = (tx) => saveSavingsMovements(tx, actor, items, now);
  } else {
    const { items, issues } = await checkSavingsRates(db, scope, prepared, lock);
    checked.later = issues;
    checked.imported = items.length;
    checked.save = (tx) => saveSavingsRates(tx, actor, items, now);
  }
  return checked;
}

// Entry points -----------------------------------------------------------------------------------

function check(
  ctx: ServerContext,
  db: DbOrTx,
  actor: Actor,
  scope: Scope,
  body: ImportBody,
  now: Date,
  commit: boolean,
): Promise<Checked> {
  switch (body.kind) {
    case 'holdings':
      return checkHoldings(ctx, db, actor, scope, body, now, commit);
    case 'transactions':
      return checkTransactions(ctx, db, actor, scope, body, now, commit);
    case 'savings-movements':
    case 'savings-rates':
      return checkSavings(ctx, db, actor, scope, body, now, commit);
  }
}

/** Reads and checks a file without saving anything (edit permission: it prepares an import). */
export async function previewImport(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
  body: ImportBody,
): Promise<ImportPreview> {
  const db = ctx.database.db;
  const scope = await requireScope(db, actor.userId, portfolioId, simulationId, 'edit', {
    log: actor.log,
  });
  assertImportSize(body.csv);
  const checked = await check(ctx, db, actor, scope, body, ctx.clock.now(), false);
  const { errors, errorCount } = errorsOf(checked.list, checked.later);
  return {
    kind: body.kind,
    columns: checked.file.columns,
    mapping: checked.file.mapping,
    rows: checked.file.rows,
    sample: checked.file.sample,
    errors,
    errorCount,
    valid: errorCount === 0,
  };
}

/**
 * Saves a file: everything in one database transaction, or nothing. Any invalid row answers
 * 400 IMPORT_INVALID with the row-numbered errors; the plan's limit answers 403 TIER_ASSET_LIMIT.
 */
export async function commitImport(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
  body: ImportBody,
): Promise<ImportCommit> {
  // The permission first: a stranger learns nothing from how the file reads.
  await requireScope(ctx.database.db, actor.userId, portfolioId, simulationId, 'edit', {
    log: actor.log,
  });
  assertImportSize(body.csv);
  const now = ctx.clock.now();
  const kind: ImportKind = body.kind;
  // A bulk write: while it runs, reads of people who cannot see this portfolio pass it.
  const seesWrites = await usersWhoMaySee(ctx.database.db, portfolioId);
  const imported = await bulkTransaction(ctx.database.db, seesWrites, async (tx) => {
    const scope = await requireScope(tx, actor.userId, portfolioId, simulationId, 'edit', {
      forUpdate: true,
      log: actor.log,
    });
    const checked = await check(ctx, tx, actor, scope, body, now, true);
    const { errors, errorCount } = errorsOf(checked.list, checked.later);
    const save = checked.save;
    if (errorCount > 0 || !save) throw new AppError('IMPORT_INVALID', { errors, errorCount });
    // Into a simulation: the file's buys and fees are paid from its cash, all or nothing.
    await withCashCheck(tx, scope.simulationId, () => save(tx));
    await publishHoldingsChanged(ctx, tx, scope.portfolioId);
    await notify(
      ctx,
      {
        userId: actor.userId,
        type: 'success',
        key: 'importFinished',
        params: { portfolio: scope.access.portfolio.name, rows: checked.imported },
        metadata: { portfolioId, simulationId: scope.simulationId, kind },
      },
      tx,
    );
    return checked.imported;
  });
  actor.log.info({ portfolioId, simulationId, kind, imported }, 'csv import saved');
  if (kind === 'holdings') refreshBankLogos(ctx, { portfolioId });
  return { kind, imported };
}
