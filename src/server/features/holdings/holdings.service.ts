import { asc, eq } from 'drizzle-orm';
import {
  type CreateHoldingInput,
  DEFAULT_SAVINGS_TAX_RATE,
  DETAIL_COLUMN_ALIASES,
  type Holding,
  type HoldingClass,
  holdingUpdateSchema,
  isTaxExempt,
  maturityAfterOpening,
  type UpdateHoldingBody,
} from '@/contracts/holdings';
import { VALIDATION_MESSAGES as M } from '@/contracts/validation-messages';
import { dec } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { holdings, savingsTransactions, transactions } from '../../db/schema';
import {
  activeHoldingsOf,
  type Actor,
  holdingNotFound,
  type HoldingRow,
  publishHoldingsChanged,
  rebuildHolding,
  recordLedgerAudit,
  requireHolding,
  requireScope,
  toHolding,
  validationError,
} from '../ledger';
import { enforceAssetLimit } from './asset-limit';
import { AppError, joinIssues } from '../../platform/errors';
import { lastTwoCloses, rateToBase, MARKET_KEY } from '../market-data';
import { insertHolding } from './holding-insert';
import { refreshBankLogos } from './bank-logos';
import { withCashCheck, portfolioKey } from '../portfolios';
import { recordCurrentValue } from './valuation-points';

export async function listHoldings(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
  holdingClass?: HoldingClass,
) {
  const db = ctx.database.db;
  const scope = await requireScope(db, actor.userId, portfolioId, simulationId, 'view', {
    log: actor.log,
    reads: ctx.reads,
  });
  // Kept until the portfolio or a price changes (platform/read-cache.ts).
  return ctx.reads.read(
    `holdings:${portfolioId}:${simulationId ?? ''}:${holdingClass ?? ''}`,
    async () => {
      const rows = await db
        .select()
        .from(holdings)
        .where(activeHoldingsOf(scope, holdingClass))
        .orderBy(asc(holdings.class), asc(holdings.name), asc(holdings.id));
      return {
        value: await withMarketPrices(db, rows),
        deps: [portfolioKey(portfolioId), MARKET_KEY],
      };
    },
  );
}

/** Holdings as answered, each market or crypto one at its symbol's last close when there is one. */
export async function withMarketPrices(db: DbOrTx, rows: readonly HoldingRow[]) {
  const symbols = rows
    .filter((row) => (row.class === 'market' || row.class === 'crypto') && row.symbol)
    .map((row) => row.symbol as string);
  const closes = await lastTwoCloses(db, symbols);
  return rows.map((row) =>
    toHolding(row, row.symbol ? closes.get(row.symbol.toUpperCase()) : undefined),
  );
}

async function reload(tx: DbOrTx, id: string): Promise<HoldingRow> {
  const [row] = await tx.select().from(holdings).where(eq(holdings.id, id));
  if (!row) throw holdingNotFound();
  return row;
}

export async function createHolding(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
  input: CreateHoldingInput,
) {
  const now = ctx.clock.now();
  const created = await ctx.database.db.transaction(async (tx) => {
    const scope = await requireScope(tx, actor.userId, portfolioId, simulationId, 'edit', {
      forUpdate: true,
      log: actor.log,
    });
    await enforceAssetLimit(tx, scope);
    // In a simulation the opening buy is paid from its cash (INSUFFICIENT_CASH when it is short).
    const row = await withCashCheck(tx, scope.simulationId, () =>
      insertHolding(tx, actor, scope, input, now),
    );
    await publishHoldingsChanged(ctx, tx, scope.portfolioId);
    const [answer] = await withMarketPrices(tx, [await reload(tx, row.id)]);
    return answer as Holding;
  });
  if (created.class === 'savings' && created.details.bankLogoUrl) {
    refreshBankLogos(ctx, { holdingIds: [created.id] });
  }
  return created;
}

/** One holding of the view the request names (`?sim=`, or the real portfolio without it). */
export async function getHolding(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  simulationId: string | undefined,
) {
  const { holding } = await requireHolding(ctx.database.db, actor.userId, id, 'view', {
    log: actor.log,
    inScope: simulationId ?? null,
  });
  const [answer] = await withMarketPrices(ctx.database.db, [holding]);
  return answer as Holding;
}

/** A 400 naming one field, like a schema failure ('path: message'). */
function fieldError(path: string, message: string): AppError {
  const issues = [{ path, message }];
  return new AppError('VALIDATION_ERROR', { issues }, joinIssues(issues));
}

/** Whether anything of the ledger (a transaction or a savings movement) names the holding. */
/**
 * The holding's ledger when it is only its opening purchase (the buy recorded with the holding,
 * on its purchase date, no savings movement): then its currency may still be corrected. Null
 * when there is more, undefined when there is nothing at all.
 */
async function openingOnlyLedger(tx: DbOrTx, holding: HoldingRow) {
  const trades = await tx
    .select({
      id: transactions.id,
      transactionType: transactions.transactionType,
      tradeDate: transactions.tradeDate,
    })
    .from(transactions)
    .where(eq(transactions.holdingId, holding.id))
    .limit(2);
  const [movement] = await tx
    .select({ id: savingsTransactions.id })
    .from(savingsTransactions)
    .where(eq(savingsTransactions.holdingId, holding.id))
    .limit(1);
  if (movement) return null;
  const [first, second] = trades;
  if (!first) return undefined;
  if (second || first.transactionType !== 'buy' || first.tradeDate !== holding.purchaseDate)
    return null;
  return first;
}

/**
 * Changes a holding's name, symbol, current price (value), status and its class's own fields,
 * checked with the class's rules (`holdingUpdateSchema`), named as GET answers them. What the
 * ledger decides (quantity, cost, dates; a savings balance; an interest rate) is refused with
 * what to do instead, as is a new currency once transactions exist. The holding's own view
 * decides: `?sim=` must name it.
 */
export async function updateHolding(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  simulationId: string | undefined,
  body: UpdateHoldingBody,
) {
  const now = ctx.clock.now();
  const updated = await ctx.database.db.transaction(async (tx) => {
    const { holding, scope } = await requireHolding(tx, actor.userId, id, 'edit', {
      forUpdate: true,
      log: actor.log,
      inScope: simulationId ?? null,
    });
    const holdingClass = holding.class as HoldingClass;
    const parsed = holdingUpdateSchema(holdingClass).safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    const input = parsed.data as Record<string, unknown> & {
      details?: Record<string, unknown>;
    };
    // The class's own names of the shared columns set the columns (a top-level field wins).
    const aliases = DETAIL_COLUMN_ALIASES[holdingClass] ?? {};
    const given: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input.details ?? {})) {
      if (value === undefined) continue;
      const column = aliases[key];
      if (column) input[column] ??= value;
      else given[key] = value;
    }

    const changes: Partial<typeof holdings.$inferInsert> = { updatedAt: now };
    if (input.name !== undefined) changes.name = input.name as string;
    if (input.symbol !== undefined) changes.symbol = (input.symbol as string | null) ?? null;
    if (input.currentPrice !== undefined) changes.currentPrice = input.currentPrice as string;
    if (input.status !== undefined) changes.status = input.status as string;
    // A currency chosen by mistake can be corrected while the ledger is only the opening purchase
    // (its amounts were typed in the corrected currency); after that, amounts recorded in it
    // would be relabelled, so the change is refused.
    let opening: { id: string; tradeDate: string } | undefined;
    if (input.currency !== undefined && input.currency !== holding.currency) {
      const ledger = await openingOnlyLedger(tx, holding);
      if (ledger === null) throw fieldError('currency', M.currencyLocked);
      opening = ledger;
      changes.currency = input.currency as string;
    }
    if (Object.keys(given).length > 0) {
      const details: Record<string, unknown> = { ...holding.details, ...given };
      if (holdingClass === 'savings') {
        if (!maturityAfterOpening(holding.purchaseDate, details.maturityDate as string | null)) {
          throw fieldError('details.maturityDate', M.maturityBeforeOpening);
        }
        const exempt = isTaxExempt(String(details.accountType));
        const wasExempt = holding.details.isTaxExempt === true;
        details.isTaxExempt = exempt;
        if (exempt) details.taxRate = '0';
        else if (given.taxRate === undefined && wasExempt) {
          details.taxRate = DEFAULT_SAVINGS_TAX_RATE;
        }
      }
      changes.details = details;
    }
    await tx.update(holdings).set(changes).where(eq(holdings.id, holding.id));
    if (opening && changes.currency) {
      const currency = changes.currency;
      const rate = await rateToBase(
        tx,
        currency,
        scope.access.portfolio.baseCurrency,
        opening.tradeDate,
      );
      // The opening purchase takes the corrected currency and its rate; its lot is replayed. In a
      // simulation its cost is taken from the cash again (INSUFFICIENT_CASH when short).
      await withCashCheck(tx, scope.simulationId, async () => {
        await tx
          .update(transactions)
          .set({ currency, exchangeRateToBase: rate ?? '1', updatedAt: now })
          .where(eq(transactions.id, opening.id));
        await rebuildHolding(tx, { ...holding, currency }, now, { compute: ctx.compute });
      });
    }
    if (changes.currentPrice !== undefined && !dec(changes.currentPrice).eq(holding.currentPrice)) {
      // A new value of a holding without a market is also today's point of its value history.
      await recordCurrentValue(tx, actor.userId, holding, changes.currentPrice, now);
    }
    await publishHoldingsChanged(ctx, tx, scope.portfolioId);
    await recordLedgerAudit(
      tx,
      actor,
      {
        portfolioId: scope.portfolioId,
        action: 'update',
        entityType: 'holding',
        entityId: holding.id,
        newValues: body as Record<string, unknown>,
      },
      now,
    );
    const [answer] = await withMarketPrices(tx, [await reload(tx, holding.id)]);
    return answer as Holding;
  });
  if (updated.class === 'savings' && body.details && 'bankLogoUrl' in body.details) {
    refreshBankLogos(ctx, { holdingIds: [updated.id] });
  }
  return updated;
}

/**
 * Deletes a holding with its transactions, lots and tax rows (one transaction). A savings account
 * is deleted softly (spec 002, section 4): it leaves every list, its history stays. In simulation
 * mode (`activeSimulationId` given) a real holding is refused.
 */
export async function deleteHolding(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  activeSimulationId: string | undefined,
) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const { holding, scope } = await requireHolding(tx, actor.userId, id, 'edit', {
      forUpdate: true,
      log: actor.log,
    });
    if (!holding.isActive) throw holdingNotFound(holding);
    if (activeSimulationId && holding.simulationId === null) {
      throw new AppError('REAL_ASSET_IN_SIMULATION');
    }
    // Otherwise the holding's own view decides: `?sim=` names it, or its absence the real one.
    if (holding.simulationId !== (activeSimulationId ?? null)) throw holdingNotFound(holding);
    if (holding.class === 'savings') {
      await tx
        .update(holdings)
        .set({ isActive: false, updatedAt: now })
        .where(eq(holdings.id, holding.id));
    } else {
      await tx.delete(holdings).where(eq(holdings.id, holding.id));
    }
    await publishHoldingsChanged(ctx, tx, scope.portfolioId);
    await recordLedgerAudit(
      tx,
      actor,
      {
        portfolioId: scope.portfolioId,
        action: 'delete',
        entityType: 'holding',
        entityId: holding.id,
        newValues: null,
      },
      now,
    );
  });
}
