import { asc, count, eq, sql } from 'drizzle-orm';
import {
  type CategoryTotals,
  type CreateHoldingInput,
  DEFAULT_CURRENCY,
  DEFAULT_SAVINGS_TAX_RATE,
  DETAIL_COLUMN_ALIASES,
  HOLDING_CATEGORY,
  type Holding,
  type HoldingClass,
  holdingUpdateSchema,
  isTaxExempt,
  maturityAfterOpening,
  type Summary,
  type Tier,
  TIER_ASSET_LIMITS,
  type UpdateHoldingBody,
} from '@/contracts/holdings';
import { VALIDATION_MESSAGES as M } from '@/contracts/validation-messages';
import type { Currency } from '@/contracts/settings';
import { dec, toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  holdings,
  savingsInterestRates,
  savingsTransactions,
  subscriptions,
  transactions,
} from '../../db/schema';
import { AppError, joinIssues } from '../../platform/errors';
import { convertTotals, rateToBase } from '../../platform/fx-rates';
import { lastTwoCloses } from '../../platform/market-closes';
import { withCashCheck } from '../../platform/simulation-cash';
import { type Actor, publishHoldingsChanged, recordLedgerAudit } from './actor';
import { toHolding, validationError } from './holdings.dto';
import { rebuildHolding } from './ledger.store';
import { recordCurrentValue, seedValuations } from './valuations.service';
import {
  holdingNotFound,
  type HoldingRow,
  requireHolding,
  requireScope,
  type Scope,
  activeHoldingsOf,
} from './scope';
import { ASSET_TYPE_OF, settlementDateFor } from './transaction-rows';

export { addDays, ASSET_TYPE_OF, isAssetType, settlementDateFor } from './transaction-rows';

export { DEFAULT_SAVINGS_TAX_RATE };

type HoldingValues = Omit<
  typeof holdings.$inferInsert,
  'userId' | 'portfolioId' | 'simulationId' | 'id'
>;

const percentToFraction = (percent: string) => toPlain(dec(percent).div(100));

/** The columns and details of a new holding of each class. */
export function holdingValues(input: CreateHoldingInput): HoldingValues {
  const currency = (input.currency ?? DEFAULT_CURRENCY[input.class]) as Currency;
  switch (input.class) {
    case 'market':
      return {
        class: 'market',
        name: input.name,
        symbol: input.symbol,
        quantity: input.quantity,
        purchasePrice: input.purchasePrice,
        currentPrice: input.currentPrice,
        purchaseDate: input.purchaseDate,
        currency,
        status: 'active',
        details: {
          sector: input.sector ?? null,
          exchange: input.exchange ?? null,
          notes: input.notes,
        },
      };
    case 'crypto':
      return {
        class: 'crypto',
        name: input.name,
        symbol: input.symbol,
        quantity: input.quantity,
        purchasePrice: input.purchasePrice,
        currentPrice: input.currentPrice,
        purchaseDate: input.purchaseDate,
        currency,
        status: 'active',
        details: {
          exchange: input.exchange,
          walletAddress: input.walletAddress,
          notes: input.notes,
        },
      };
    case 'real_estate':
      return {
        class: 'real_estate',
        name: input.propertyName,
        symbol: null,
        quantity: '1',
        purchasePrice: input.purchasePrice,
        currentPrice: input.currentValue,
        purchaseDate: input.purchaseDate,
        currency,
        // Pending until created, active once it is (spec 002, section 4).
        status: 'active',
        details: {
          propertyType: input.propertyType,
          address: input.address,
          rentalIncome: input.rentalIncome ?? null,
          size: input.size ?? null,
          sizeUnit: input.sizeUnit ?? 'sqm',
          bedrooms: input.bedrooms ?? null,
          bathrooms: input.bathrooms ?? null,
          latitude: input.latitude ?? null,
          longitude: input.longitude ?? null,
          city: input.city,
          state: input.state,
          zipCode: input.zipCode,
          country: input.country,
          description: input.description,
        },
      };
    case 'crowdfunding':
      return {
        class: 'crowdfunding',
        name: input.projectName,
        symbol: null,
        quantity: '1',
        purchasePrice: input.amountInvested,
        currentPrice: input.valuation ?? input.amountInvested,
        purchaseDate: input.investmentDate,
        currency,
        status: input.status ?? 'active',
        details: {
          platform: input.platform,
          equityPercentage: input.equityPercentage ?? null,
          expectedReturn: input.expectedReturn ?? null,
          duration: input.duration ?? null,
          notes: input.notes,
        },
      };
    case 'savings': {
      const exempt = isTaxExempt(input.accountType);
      return {
        class: 'savings',
        name: input.accountName,
        symbol: null,
        quantity: input.currentBalance,
        purchasePrice: '1',
        currentPrice: '1',
        purchaseDate: input.openingDate,
        currency,
        status: 'active',
        details: {
          bankName: input.bankName,
          accountType: input.accountType,
          accountNumber: input.accountNumber,
          maturityDate: input.maturityDate ?? null,
          minimumBalance: input.minimumBalance ?? null,
          earlyWithdrawalPenaltyRate: input.earlyWithdrawalPenaltyRate ?? null,
          isTaxExempt: exempt,
          // Exempt accounts (Livret A, LDD, PEL) pay no tax on interest: their rate is 0.
          taxRate: exempt ? '0' : (input.taxRate ?? DEFAULT_SAVINGS_TAX_RATE),
          interestRate: input.interestRate ? percentToFraction(input.interestRate) : '0',
          compoundingFrequency: input.compoundingFrequency ?? 'monthly',
          bankLogoUrl: input.bankLogoUrl ?? null,
          notes: input.notes,
        },
      };
    }
    case 'generic':
      return {
        class: 'generic',
        name: input.name,
        symbol: input.symbol,
        quantity: input.quantity,
        purchasePrice: input.purchasePrice,
        currentPrice: input.currentPrice,
        purchaseDate: input.purchaseDate,
        currency,
        status: 'active',
        details: {
          type: input.type,
          description: input.description,
          maturityDate: input.maturityDate ?? null,
          dividendYield: input.dividendYield ?? null,
          expenseRatio: input.expenseRatio ?? null,
          sector: input.sector,
          country: input.country,
        },
      };
  }
}

/** The portfolio owner's plan: the subscriptions row, free when there is none. */
export async function ownerTier(db: DbOrTx, ownerId: string): Promise<Tier> {
  const [row] = await db
    .select({ tier: subscriptions.tier })
    .from(subscriptions)
    .where(eq(subscriptions.userId, ownerId));
  const tier = row?.tier;
  return tier === 'classic' || tier === 'pro' ? tier : 'free';
}

/** How many active holdings a view has (what the plan's asset limit counts). */
export async function assetCount(db: DbOrTx, scope: Scope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(holdings).where(activeHoldingsOf(scope));
  return Number(row?.n ?? 0);
}

const TIER_NAMES: Record<Tier, string> = { free: 'Free', classic: 'Classic', pro: 'Pro' };

/**
 * The plan's asset limit (spec 002, section 6: free 10, classic 50, pro unlimited), counted per
 * portfolio view (the real portfolio and each simulation apart), on the portfolio owner's plan.
 * The caller holds the portfolio row lock, so two adds at once cannot both pass at 9.
 */
export async function enforceAssetLimit(db: DbOrTx, scope: Scope, adding = 1) {
  const tier = await ownerTier(db, scope.access.portfolio.userId);
  const limit = TIER_ASSET_LIMITS[tier];
  if (limit === null) return;
  if ((await assetCount(db, scope)) + adding > limit) {
    throw new AppError(
      'TIER_ASSET_LIMIT',
      { tier, limit },
      `Your ${TIER_NAMES[tier]} plan allows ${limit} assets per portfolio. Upgrade your plan to add more.`,
    );
  }
}

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
  });
  const rows = await db
    .select()
    .from(holdings)
    .where(activeHoldingsOf(scope, holdingClass))
    .orderBy(asc(holdings.class), asc(holdings.name), asc(holdings.id));
  return withMarketPrices(db, rows);
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

/**
 * Inserts a holding in a scope the caller may edit (checked by the caller) with its opening buy
 * (hence 'Asset added successfully - check Transactions page'), its lot, and for a savings account
 * its first interest rate. Used by the API and by the CSV import, inside their transaction.
 */
export async function insertHolding(
  tx: DbOrTx,
  actor: Actor,
  scope: Scope,
  input: CreateHoldingInput,
  now: Date,
  /** The new holding's id (the CSV import derives it from the file's assetRef). */
  id?: string,
): Promise<HoldingRow> {
  const values = holdingValues(input);
  const [row] = await tx
    .insert(holdings)
    .values({
      ...values,
      ...(id ? { id } : {}),
      userId: actor.userId,
      portfolioId: scope.portfolioId,
      simulationId: scope.simulationId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('holding insert returned nothing');
  await seedValuations(tx, actor.userId, row, now);
  if (!dec(row.quantity).isZero()) {
    // In another currency than the portfolio's: the published rate of the purchase date, if any.
    const rate = await rateToBase(
      tx,
      row.currency,
      scope.access.portfolio.baseCurrency,
      row.purchaseDate,
    );
    const [opening] = await tx
      .insert(transactions)
      .values({
        userId: actor.userId,
        portfolioId: scope.portfolioId,
        simulationId: scope.simulationId,
        holdingId: row.id,
        assetType: ASSET_TYPE_OF[input.class],
        transactionType: 'buy',
        quantity: row.quantity,
        price: row.purchasePrice,
        fees: '0',
        currency: row.currency,
        exchangeRateToBase: rate ?? '1',
        tradeDate: row.purchaseDate,
        settlementDate: settlementDateFor(row, row.purchaseDate),
        notes: null,
        status: 'completed',
        costBasisMethod: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: transactions.id });
    if (opening) {
      await recordLedgerAudit(
        tx,
        actor,
        {
          portfolioId: scope.portfolioId,
          action: 'create',
          entityType: 'transaction',
          entityId: opening.id,
          newValues: { transactionType: 'buy', quantity: row.quantity, price: row.purchasePrice },
        },
        now,
      );
    }
  }
  if (input.class === 'savings' && input.interestRate && !dec(input.interestRate).isZero()) {
    await tx.insert(savingsInterestRates).values({
      holdingId: row.id,
      interestRate: percentToFraction(input.interestRate),
      compoundingFrequency: input.compoundingFrequency ?? 'monthly',
      startDate: input.openingDate,
      createdAt: now,
    });
  }
  await rebuildHolding(tx, row, now);
  await recordLedgerAudit(
    tx,
    actor,
    {
      portfolioId: scope.portfolioId,
      action: 'create',
      entityType: 'holding',
      entityId: row.id,
      newValues: { class: row.class, name: row.name },
    },
    now,
  );
  return row;
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
  return ctx.database.db.transaction(async (tx) => {
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
async function hasLedger(tx: DbOrTx, holdingId: string): Promise<boolean> {
  const [trade] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.holdingId, holdingId))
    .limit(1);
  if (trade) return true;
  const [movement] = await tx
    .select({ id: savingsTransactions.id })
    .from(savingsTransactions)
    .where(eq(savingsTransactions.holdingId, holdingId))
    .limit(1);
  return !!movement;
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
  return ctx.database.db.transaction(async (tx) => {
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
    if (input.currency !== undefined && input.currency !== holding.currency) {
      // Amounts already recorded are in the old currency: changing it would relabel them.
      if (await hasLedger(tx, holding.id)) throw fieldError('currency', M.currencyLocked);
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

/** The category aggregation (spec 002, section 3) of a scope, per class and currency. */
export async function portfolioSummary(
  ctx: ServerContext,
  actor: Actor,
  portfolioId: string,
  simulationId: string | undefined,
): Promise<Summary> {
  const db = ctx.database.db;
  const scope = await requireScope(db, actor.userId, portfolioId, simulationId, 'view', {
    log: actor.log,
  });
  const rows = await db
    .select({
      class: holdings.class,
      currency: holdings.currency,
      itemCount: count(),
      totalCost: sql<string>`coalesce(sum(${holdings.quantity} * ${holdings.purchasePrice}), 0)::text`,
      totalValue: sql<string>`coalesce(sum(${holdings.quantity} * ${holdings.currentPrice}), 0)::text`,
      lastUpdated: sql<string | null>`max(${holdings.updatedAt})::text`,
    })
    .from(holdings)
    .where(activeHoldingsOf(scope))
    .groupBy(holdings.class, holdings.currency)
    .orderBy(holdings.class, holdings.currency);
  const categories: CategoryTotals[] = rows.map((row) => ({
    class: row.class as HoldingClass,
    category: HOLDING_CATEGORY[row.class as HoldingClass] ?? 'miscellaneous',
    currency: row.currency as Currency,
    itemCount: Number(row.itemCount),
    totalCost: dec(row.totalCost).toFixed(2),
    totalValue: dec(row.totalValue).toFixed(2),
    // Rounded once, from the exact sums (docs/decisions.md, "Layout, dates and rounding").
    totalGain: dec(row.totalValue).minus(row.totalCost).toFixed(2),
    lastUpdated: row.lastUpdated ? new Date(row.lastUpdated).toISOString() : null,
  }));
  const tier = await ownerTier(db, scope.access.portfolio.userId);
  const asOf = ctx.clock.now().toISOString().slice(0, 10);
  const currency = scope.access.portfolio.baseCurrency;
  const converted = await convertTotals(
    db,
    rows.map((row) => ({
      currency: row.currency,
      amounts: { totalCost: row.totalCost, totalValue: row.totalValue },
    })),
    ['totalCost', 'totalValue'] as const,
    currency,
    asOf,
  );
  return {
    categories,
    totals: {
      currency,
      asOf,
      ...converted.totals,
      rates: converted.rates,
      unconverted: converted.unconverted,
    },
    limits: {
      tier,
      assetLimit: TIER_ASSET_LIMITS[tier],
      assetCount: categories.reduce((sum, row) => sum + row.itemCount, 0),
    },
  };
}
