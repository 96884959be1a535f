import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { portfolios, portfolioSimulations } from './portfolios';
import { users } from './users';

/**
 * Everything a portfolio holds, of every class (spec 002, section 3), in one table: the ledger
 * (transactions, lots, tax rows) references a holding by a real foreign key, a simulation copies
 * and scopes one table, and the category aggregation is one query. The columns every class shares
 * are columns (amounts are exact `numeric`); what only one class has lives in `details`, checked
 * by the class's zod schema in src/contracts/holdings.ts on every write.
 *
 * Value conventions: `quantity` units at `current_price` each. Real estate and crowdfunding hold
 * one unit (price = amount paid, current price = current value); a savings account holds its
 * balance at a price of 1. A row with a null `simulation_id` is the real portfolio.
 */
export const holdings = pgTable(
  'holdings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who added it (the owner or an edit invitee). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    simulationId: uuid('simulation_id').references(() => portfolioSimulations.id, {
      onDelete: 'cascade',
    }),
    class: text('class').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol'),
    quantity: numeric('quantity').notNull(),
    purchasePrice: numeric('purchase_price').notNull(),
    /**
     * What the open lots cost in the holding's currency, fees included, exactly (the sum behind
     * `purchase_price`, which is rounded): a sale that reads only the lots it takes works out the
     * new average from it (ledger-store.ts). Null until a replay writes it.
     */
    lotsCost: numeric('lots_cost'),
    currentPrice: numeric('current_price').notNull(),
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('active'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** Savings accounts are deleted softly (spec 002, section 4); other classes are deleted. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('holdings_scope_idx').on(t.portfolioId, t.simulationId, t.class),
    check('holdings_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
);

/**
 * The value history of a holding without a market (real estate, crowdfunding, other assets):
 * one point per day, in the holding's currency. Editing a current value adds the day's point.
 */
export const holdingValuations = pgTable(
  'holding_valuations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    holdingId: uuid('holding_id')
      .notNull()
      .references(() => holdings.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    simulationId: uuid('simulation_id').references(() => portfolioSimulations.id, {
      onDelete: 'cascade',
    }),
    /** Who entered it. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    valuationDate: date('valuation_date', { mode: 'string' }).notNull(),
    value: numeric('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('holding_valuations_day_key').on(t.holdingId, t.valuationDate),
    index('holding_valuations_portfolio_idx').on(t.portfolioId, t.simulationId),
    check('holding_valuations_value_non_negative', sql`${t.value} >= 0`),
  ],
);

/** Buy, sell, transfer, dividend, interest and fee records (spec 002, section 3). */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    simulationId: uuid('simulation_id').references(() => portfolioSimulations.id, {
      onDelete: 'cascade',
    }),
    holdingId: uuid('holding_id')
      .notNull()
      .references(() => holdings.id, { onDelete: 'cascade' }),
    assetType: text('asset_type').notNull(),
    transactionType: text('transaction_type').notNull(),
    quantity: numeric('quantity').notNull(),
    price: numeric('price').notNull(),
    fees: numeric('fees').notNull().default('0'),
    currency: text('currency').notNull().default('EUR'),
    exchangeRateToBase: numeric('exchange_rate_to_base').notNull().default('1'),
    tradeDate: date('trade_date', { mode: 'string' }).notNull(),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    broker: text('broker'),
    accountId: text('account_id'),
    notes: text('notes'),
    status: text('status').notNull().default('completed'),
    costBasisMethod: text('cost_basis_method'),
    /** A specific-lot sale's choice, kept so the ledger can be replayed ([{ lotId, quantity }]). */
    selectedLots: jsonb('selected_lots').$type<{ lotId: string; quantity: string }[] | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's default order (settlement date, newest first) within the real portfolio, and
    // within a simulation: partial indexes, because `simulation_id is null` is not an equality
    // the planner can order by. NULLS FIRST matches ORDER BY ... DESC.
    index('transactions_real_list_idx')
      .on(
        t.portfolioId,
        t.settlementDate.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.simulationId} is null`),
    index('transactions_simulation_list_idx')
      .on(
        t.portfolioId,
        t.simulationId,
        t.settlementDate.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.simulationId} is not null`),
    // Sorting by amount (quantity x price) without sorting the whole portfolio.
    index('transactions_real_amount_idx')
      .on(
        t.portfolioId,
        sql`(${t.quantity} * ${t.price}) desc`,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.simulationId} is null`),
    index('transactions_simulation_amount_idx')
      .on(
        t.portfolioId,
        t.simulationId,
        sql`(${t.quantity} * ${t.price}) desc`,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.simulationId} is not null`),
    index('transactions_holding_idx').on(t.holdingId, t.tradeDate, t.createdAt),
    // The last average-cost sale before a date: where a resumed replay finds the pooled cost.
    index('transactions_holding_average_sales_idx')
      .on(t.holdingId, t.tradeDate, t.createdAt, t.id)
      .where(
        sql`${t.transactionType} = 'sell' and ${t.costBasisMethod} = 'average_cost' and ${t.status} <> 'cancelled'`,
      ),
    check('transactions_quantity_positive', sql`${t.quantity} > 0`),
    check('transactions_price_non_negative', sql`${t.price} >= 0`),
    check('transactions_fees_non_negative', sql`${t.fees} >= 0`),
    check('transactions_rate_positive', sql`${t.exchangeRateToBase} > 0`),
    check('transactions_settlement_after_trade', sql`${t.settlementDate} >= ${t.tradeDate}`),
  ],
);

/** One lot per buy: its id is the buy's id, so a specific-lot sale names lots stably. */
export const transactionLots = pgTable(
  'transaction_lots',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    simulationId: uuid('simulation_id').references(() => portfolioSimulations.id, {
      onDelete: 'cascade',
    }),
    holdingId: uuid('holding_id')
      .notNull()
      .references(() => holdings.id, { onDelete: 'cascade' }),
    lotNumber: integer('lot_number').notNull(),
    acquisitionDate: date('acquisition_date', { mode: 'string' }).notNull(),
    acquisitionPrice: numeric('acquisition_price').notNull(),
    exchangeRateToBase: numeric('exchange_rate_to_base').notNull().default('1'),
    originalQuantity: numeric('original_quantity').notNull(),
    remainingQuantity: numeric('remaining_quantity').notNull(),
    /** The method of the last sale that took units from the lot; null while none has. */
    costBasisMethod: text('cost_basis_method'),
    feesAllocated: numeric('fees_allocated').notNull().default('0'),
    /** The part of the fees no sale has taken yet. */
    feesRemaining: numeric('fees_remaining').notNull().default('0'),
    /** Set by an average-cost sale: the pooled cost of each remaining unit (base currency). */
    pooledUnitCost: numeric('pooled_unit_cost'),
    status: text('status').notNull().default('active'),
    /**
     * The trade date of the sale that emptied the lot; null while it holds something. A resumed
     * replay starts from the lots still open at its date (null when the replay that wrote the
     * lot predates this column: the next replay of the holding is then a whole one).
     */
    depletedOn: date('depleted_on', { mode: 'string' }),
    /**
     * The trade date of the last sale that changed the lot (took from it, or pooled it at an
     * average cost); null while none has. A resumed replay takes the lot as stored when this is
     * before its date, and works out its state at that date otherwise. Rows written before this
     * column say 9999-12-31 (unknown: the next replay of the holding is a whole one).
     */
    changedOn: date('changed_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('transaction_lots_number_key').on(t.holdingId, t.lotNumber),
    index('transaction_lots_acquired_idx').on(t.holdingId, t.acquisitionDate, t.lotNumber),
    index('transaction_lots_depleted_idx').on(t.holdingId, t.depletedOn),
    // The open lots in the ledger's order, oldest or newest first: what a FIFO or LIFO sale reads.
    index('transaction_lots_open_idx')
      .on(t.holdingId, t.acquisitionDate, t.lotNumber)
      .where(sql`${t.depletedOn} is null`),
    // Lots a sale changed, by the date of the last one: what a sale from that date on rereads.
    index('transaction_lots_changed_idx')
      .on(t.holdingId, t.changedOn)
      .where(sql`${t.changedOn} is not null`),
    check('transaction_lots_remaining_non_negative', sql`${t.remainingQuantity} >= 0`),
    check(
      'transaction_lots_remaining_at_most_original',
      sql`${t.remainingQuantity} <= ${t.originalQuantity}`,
    ),
  ],
);

/**
 * What each sale took from each lot: deleting a sale gives exactly these quantities back. A buy
 * whose lot a sale used cannot be deleted: the ledger service refuses it (the foreign key
 * cascades, because PostgreSQL checks a restricting key between the cascade steps of one delete,
 * which would refuse deleting a whole holding or portfolio).
 */
export const lotAllocations = pgTable(
  'lot_allocations',
  {
    sellTransactionId: uuid('sell_transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => transactionLots.id, { onDelete: 'cascade' }),
    quantity: numeric('quantity').notNull(),
    costBasis: numeric('cost_basis').notNull(),
    /** The share of the lot's fees this sale took. */
    fees: numeric('fees').notNull().default('0'),
    /**
     * The lot as this sale left it: its remaining quantity and fees. A resumed replay reads a
     * lot's state at a date from the last sale before it (null: written before this column).
     */
    lotRemainingAfter: numeric('lot_remaining_after'),
    lotFeesRemainingAfter: numeric('lot_fees_remaining_after'),
    /** An average-cost sale's pooled unit cost (base currency), exact; null for other methods. */
    pooledUnitCost: numeric('pooled_unit_cost'),
  },
  (t) => [
    primaryKey({ columns: [t.sellTransactionId, t.lotId] }),
    index('lot_allocations_lot_idx').on(t.lotId),
  ],
);

/** The French tax estimate of a sale, one row per lot it used (spec 002, section 3). */
export const taxCalculations = pgTable(
  'tax_calculations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    lotId: uuid('lot_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    simulationId: uuid('simulation_id').references(() => portfolioSimulations.id, {
      onDelete: 'cascade',
    }),
    quantity: numeric('quantity').notNull(),
    proceeds: numeric('proceeds').notNull(),
    costBasis: numeric('cost_basis').notNull(),
    gainLoss: numeric('gain_loss').notNull(),
    holdingPeriodDays: integer('holding_period_days').notNull(),
    isLongTerm: boolean('is_long_term').notNull(),
    taxRate: numeric('tax_rate').notNull(),
    taxAmount: numeric('tax_amount').notNull(),
    taxJurisdiction: text('tax_jurisdiction').notNull().default('FR'),
    taxYear: integer('tax_year').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('tax_calculations_transaction_idx').on(t.transactionId)],
);

/** Who changed which transaction, from where (spec 002, section 3). */
export const transactionAuditTrail = pgTable(
  'transaction_audit_trail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id'),
    actionType: text('action_type').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    newValues: jsonb('new_values').$type<Record<string, unknown> | null>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('transaction_audit_trail_entity_idx').on(t.entityId, t.createdAt)],
);

/** A savings account's interest rates over time; the open one has no end date. */
export const savingsInterestRates = pgTable(
  'savings_interest_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    holdingId: uuid('holding_id')
      .notNull()
      .references(() => holdings.id, { onDelete: 'cascade' }),
    /** A fraction (0.03 is 3%). */
    interestRate: numeric('interest_rate').notNull(),
    compoundingFrequency: text('compounding_frequency').notNull().default('monthly'),
    rateType: text('rate_type').notNull().default('standard'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('savings_interest_rates_holding_idx').on(t.holdingId, t.startDate),
    uniqueIndex('savings_interest_rates_one_open')
      .on(t.holdingId)
      .where(sql`${t.endDate} is null`),
  ],
);

/** Deposits, withdrawals, interest and fees of a savings account. */
export const savingsTransactions = pgTable(
  'savings_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    holdingId: uuid('holding_id')
      .notNull()
      .references(() => holdings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionType: text('transaction_type').notNull(),
    transactionDate: date('transaction_date', { mode: 'string' }).notNull(),
    amount: numeric('amount').notNull(),
    taxWithheld: numeric('tax_withheld').notNull().default('0'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [index('savings_transactions_holding_idx').on(t.holdingId, t.transactionDate)],
);

/** Alerts raised on a savings account (maturity near, balance below minimum). */
export const savingsAlerts = pgTable(
  'savings_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    holdingId: uuid('holding_id')
      .notNull()
      .references(() => holdings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    isAcknowledged: boolean('is_acknowledged').notNull().default(false),
    acknowledgedAt: tstz('acknowledged_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('savings_alerts_holding_idx').on(t.holdingId, t.isAcknowledged),
    uniqueIndex('savings_alerts_one_open_per_kind')
      .on(t.holdingId, t.kind)
      .where(sql`not ${t.isAcknowledged}`),
  ],
);

/** The user's plan (spec 002, section 3): free unless changed; created with the user. */
export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tier: text('tier').notNull().default('free'),
  status: text('status').notNull().default('active'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
