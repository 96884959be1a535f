import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CategoryTotals,
  type CreateHoldingInput,
  cryptoHoldingSchema,
  crowdfundingHoldingSchema,
  DEFAULT_CURRENCY,
  genericHoldingSchema,
  HOLDING_CATEGORY,
  type HoldingClass,
  marketHoldingSchema,
  realEstateHoldingSchema,
  savingsHoldingSchema,
  type Summary,
  type Tier,
  TIER_ASSET_LIMITS,
  type UpdateHoldingBody,
  updateHoldingBodySchema,
} from '@/contracts/holdings';
import type { Currency } from '@/contracts/settings';
import { ASSET_TYPES, type AssetType } from '@/domain/ledger';
import { dec, toPlain } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { holdings, savingsInterestRates, subscriptions, transactions } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type Actor, publishHoldingsChanged, recordLedgerAudit } from './actor';
import { toHolding, validationError } from './holdings.dto';
import { rebuildHolding } from './ledger.store';
import { type HoldingRow, requireHolding, requireScope, type Scope, simulationIs } from './scope';

/** The spec's asset type of each class (transactions carry it). */
export const ASSET_TYPE_OF: Record<HoldingClass, AssetType> = {
  market: 'market_investment',
  crypto: 'crypto_investment',
  real_estate: 'real_estate_investment',
  crowdfunding: 'crowdfunding_investment',
  savings: 'savings_account',
  generic: 'generic_asset',
};
export const isAssetType = (value: string): value is AssetType =>
  (ASSET_TYPES as readonly string[]).includes(value);

/**
 * Days from the trade date to settlement per class (spec 002, section 9). Crowdfunding is not
 * listed: it settles the same day, like real estate (docs/decisions.md).
 */
const SETTLEMENT_DAYS: Record<HoldingClass, number> = {
  market: 2,
  crypto: 1,
  generic: 1,
  real_estate: 0,
  crowdfunding: 0,
  savings: 0,
};

export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** The settlement date of a trade in a holding of this class, unless one is given. */
export function settlementDateFor(
  holding: Pick<HoldingRow, 'class' | 'purchaseDate'>,
  trade: string,
) {
  // A savings account settles on its opening date (or the trade date when later).
  if (holding.class === 'savings') return trade;
  return addDays(trade, SETTLEMENT_DAYS[holding.class as HoldingClass] ?? 0);
}

/** Savings types whose interest is tax-exempt in France (spec 002, section 9). */
const TAX_EXEMPT = new Set(['livret_a', 'ldd', 'pel']);
export const DEFAULT_SAVINGS_TAX_RATE = '0.3';

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
      const exempt = TAX_EXEMPT.has(input.accountType);
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
          taxRate: input.taxRate ?? DEFAULT_SAVINGS_TAX_RATE,
          interestRate: input.interestRate ? percentToFraction(input.interestRate) : '0',
          compoundingFrequency: input.compoundingFrequency ?? 'monthly',
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

async function assetCount(db: DbOrTx, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(holdings)
    .where(
      and(
        eq(holdings.portfolioId, scope.portfolioId),
        simulationIs(holdings.simulationId, scope.simulationId),
        eq(holdings.isActive, true),
      ),
    );
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
    .where(
      and(
        eq(holdings.portfolioId, scope.portfolioId),
        simulationIs(holdings.simulationId, scope.simulationId),
        eq(holdings.isActive, true),
        holdingClass ? eq(holdings.class, holdingClass) : undefined,
      ),
    )
    .orderBy(asc(holdings.class), asc(holdings.name), asc(holdings.id));
  return rows.map(toHolding);
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
): Promise<HoldingRow> {
  const values = holdingValues(input);
  const [row] = await tx
    .insert(holdings)
    .values({
      ...values,
      userId: actor.userId,
      portfolioId: scope.portfolioId,
      simulationId: scope.simulationId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('holding insert returned nothing');
  if (!dec(row.quantity).isZero()) {
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
        exchangeRateToBase: '1',
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
  if (!row) throw new AppError('HOLDING_NOT_FOUND');
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
    const row = await insertHolding(tx, actor, scope, input, now);
    await publishHoldingsChanged(ctx, tx, scope.portfolioId);
    return toHolding(await reload(tx, row.id));
  });
}

export async function getHolding(ctx: ServerContext, actor: Actor, id: string) {
  const { holding } = await requireHolding(ctx.database.db, actor.userId, id, 'view', {
    log: actor.log,
  });
  if (!holding.isActive) throw new AppError('HOLDING_NOT_FOUND');
  return toHolding(holding);
}

const CLASS_SCHEMAS = {
  market: marketHoldingSchema,
  crypto: cryptoHoldingSchema,
  real_estate: realEstateHoldingSchema,
  crowdfunding: crowdfundingHoldingSchema,
  savings: savingsHoldingSchema,
  generic: genericHoldingSchema,
} as const;

/** Fields of `details` that are columns in disguise, per class. */
const COLUMN_FIELDS: Partial<Record<HoldingClass, Record<string, 'currentPrice' | 'quantity'>>> = {
  real_estate: { currentValue: 'currentPrice' },
  crowdfunding: { valuation: 'currentPrice' },
  savings: { currentBalance: 'quantity' },
};
/** Fields whose change would rewrite the ledger: changed through transactions instead. */
const LEDGER_FIELDS = new Set([
  'quantity',
  'purchasePrice',
  'purchaseDate',
  'amountInvested',
  'investmentDate',
  'openingDate',
  'interestRate',
  'accountType',
]);

/**
 * Changes a holding's descriptive fields and current price or value. The class's own fields are
 * checked with the class's schema. What the ledger decides (quantity, cost, dates) is changed by
 * recording transactions, not here.
 */
export async function updateHolding(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  body: UpdateHoldingBody,
) {
  const input = updateHoldingBodySchema.parse(body);
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const { holding, scope } = await requireHolding(tx, actor.userId, id, 'edit', {
      forUpdate: true,
      log: actor.log,
    });
    if (!holding.isActive) throw new AppError('HOLDING_NOT_FOUND');
    const holdingClass = holding.class as HoldingClass;
    const changes: Partial<typeof holdings.$inferInsert> = { updatedAt: now };
    if (input.name !== undefined) changes.name = input.name;
    if (input.symbol !== undefined) {
      // The class's own symbol rule (market: the stock-symbol rule; crypto: upper-cased).
      const symbolRule = CLASS_SCHEMAS[holdingClass].shape as { symbol?: z.ZodType };
      if (symbolRule.symbol && input.symbol !== null) {
        const parsed = symbolRule.symbol.safeParse(input.symbol);
        if (!parsed.success) throw validationError(parsed.error, 'symbol');
        changes.symbol = parsed.data as string | null;
      } else {
        changes.symbol = input.symbol;
      }
    }
    if (input.currentPrice !== undefined) changes.currentPrice = input.currentPrice;
    if (input.currency !== undefined) changes.currency = input.currency;
    if (input.status !== undefined) changes.status = input.status;
    if (input.details) {
      const given = Object.fromEntries(
        Object.entries(input.details).filter(([key]) => !LEDGER_FIELDS.has(key) && key !== 'class'),
      );
      const schema = CLASS_SCHEMAS[holdingClass].partial();
      const parsed = schema.safeParse(given);
      if (!parsed.success) throw validationError(parsed.error, 'details');
      const known = Object.fromEntries(
        Object.entries(parsed.data).filter(([key, value]) => key in given && value !== undefined),
      );
      const details = { ...holding.details };
      for (const [key, value] of Object.entries(known)) {
        const column = COLUMN_FIELDS[holdingClass]?.[key];
        if (column) changes[column] = String(value);
        else details[key] = value;
      }
      changes.details = details;
    }
    await tx.update(holdings).set(changes).where(eq(holdings.id, holding.id));
    await publishHoldingsChanged(ctx, tx, scope.portfolioId);
    await recordLedgerAudit(
      tx,
      actor,
      {
        portfolioId: scope.portfolioId,
        action: 'update',
        entityType: 'holding',
        entityId: holding.id,
        newValues: input as Record<string, unknown>,
      },
      now,
    );
    return toHolding(await reload(tx, holding.id));
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
    if (!holding.isActive) throw new AppError('HOLDING_NOT_FOUND');
    if (activeSimulationId && holding.simulationId === null) {
      throw new AppError('REAL_ASSET_IN_SIMULATION');
    }
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
    .where(
      and(
        eq(holdings.portfolioId, scope.portfolioId),
        simulationIs(holdings.simulationId, scope.simulationId),
        eq(holdings.isActive, true),
      ),
    )
    .groupBy(holdings.class, holdings.currency)
    .orderBy(holdings.class, holdings.currency);
  const categories: CategoryTotals[] = rows.map((row) => ({
    class: row.class as HoldingClass,
    category: HOLDING_CATEGORY[row.class as HoldingClass] ?? 'miscellaneous',
    currency: row.currency as Currency,
    itemCount: Number(row.itemCount),
    totalCost: dec(row.totalCost).toFixed(2),
    totalValue: dec(row.totalValue).toFixed(2),
    lastUpdated: row.lastUpdated ? new Date(row.lastUpdated).toISOString() : null,
  }));
  const tier = await ownerTier(db, scope.access.portfolio.userId);
  return {
    categories,
    limits: {
      tier,
      assetLimit: TIER_ASSET_LIMITS[tier],
      assetCount: categories.reduce((sum, row) => sum + row.itemCount, 0),
    },
  };
}
