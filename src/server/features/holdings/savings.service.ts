import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ChangeRateBody,
  changeRateBodySchema,
  MATURITY_ALERT_DAYS,
  type SavingsAlertKind,
  type SavingsDetail,
  type SavingsMovementBody,
  savingsMovementBodySchema,
  type SavingsMovementType,
} from '@/contracts/savings';
import {
  type CompoundingFrequency,
  earlyWithdrawalPenalty,
  interestOver,
  isTaxExempt,
  taxOnInterest,
} from '@/domain/savings/interest';
import { daysBetween } from '@/domain/ledger';
import { dec, toPlain, ZERO } from '@/domain/money/decimal';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  holdings,
  savingsAlerts,
  savingsInterestRates,
  savingsTransactions,
} from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type Actor, publishHoldingsChanged, recordLedgerAudit } from './actor';
import { DEFAULT_SAVINGS_TAX_RATE } from './holdings.service';
import { plain } from './holdings.dto';
import { type HoldingRow, requireHolding } from './scope';

type RateRow = typeof savingsInterestRates.$inferSelect;
type MovementRow = typeof savingsTransactions.$inferSelect;
type AlertRow = typeof savingsAlerts.$inferSelect;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A savings account the caller may view or edit, in the view the request names (`?sim=`, none for
 * the real portfolio: an account of another view is not found, like every by-id path).
 */
async function requireSavings(
  db: DbOrTx,
  actor: Actor,
  id: string,
  action: 'view' | 'edit',
  simulationId: string | undefined,
): Promise<HoldingRow> {
  const { holding } = await requireHolding(db, actor.userId, id, action, {
    forUpdate: action === 'edit',
    log: actor.log,
    inScope: simulationId ?? null,
  });
  if (holding.class !== 'savings') throw new AppError('NOT_A_SAVINGS_ACCOUNT');
  return holding;
}

function detailsOf(holding: HoldingRow) {
  const details = holding.details as Record<string, unknown>;
  const text = (key: string) =>
    typeof details[key] === 'string' ? (details[key] as string) : null;
  const accountType = text('accountType') ?? 'savings';
  return {
    accountType,
    exempt: isTaxExempt(accountType),
    taxRate: text('taxRate') ?? DEFAULT_SAVINGS_TAX_RATE,
    maturityDate: text('maturityDate'),
    minimumBalance: text('minimumBalance'),
    penaltyRate: text('earlyWithdrawalPenaltyRate'),
    compounding: (text('compoundingFrequency') ?? 'monthly') as CompoundingFrequency,
  };
}

const toRate = (row: RateRow) => ({
  id: row.id,
  interestRate: plain(row.interestRate),
  compoundingFrequency: row.compoundingFrequency as CompoundingFrequency,
  rateType: row.rateType,
  startDate: row.startDate,
  endDate: row.endDate,
  notes: row.notes,
});
const toMovement = (row: MovementRow) => ({
  id: row.id,
  transactionType: row.transactionType as SavingsMovementType,
  transactionDate: row.transactionDate,
  amount: dec(row.amount).toFixed(2),
  taxWithheld: dec(row.taxWithheld).toFixed(2),
  notes: row.notes,
  createdAt: row.createdAt.toISOString(),
});
const toAlert = (row: AlertRow) => ({
  id: row.id,
  kind: row.kind as SavingsAlertKind,
  data: row.data,
  isAcknowledged: row.isAcknowledged,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Raises the alerts the account's state calls for, once per occurrence: maturity within 30 days
 * (once per maturity date), balance below its minimum (once per balance). An acknowledged alert
 * is not raised again for the same occurrence.
 */
async function raiseAlerts(tx: DbOrTx, holding: HoldingRow, today: string, now: Date) {
  const info = detailsOf(holding);
  const wanted: { kind: SavingsAlertKind; data: Record<string, string> }[] = [];
  if (info.maturityDate) {
    const days = daysBetween(today, info.maturityDate);
    if (days >= 0 && days <= MATURITY_ALERT_DAYS) {
      wanted.push({ kind: 'maturity_near', data: { maturityDate: info.maturityDate } });
    }
  }
  if (info.minimumBalance && dec(holding.quantity).lt(info.minimumBalance)) {
    wanted.push({
      kind: 'below_minimum',
      data: { balance: plain(holding.quantity), minimumBalance: plain(info.minimumBalance) },
    });
  }
  for (const alert of wanted) {
    const [seen] = await tx
      .select({ id: savingsAlerts.id })
      .from(savingsAlerts)
      .where(
        and(
          eq(savingsAlerts.holdingId, holding.id),
          eq(savingsAlerts.kind, alert.kind),
          sql`${savingsAlerts.data} @> ${JSON.stringify(alert.data)}::jsonb`,
        ),
      )
      .limit(1);
    if (seen) continue;
    // A newer occurrence replaces an older one still open.
    await tx
      .update(savingsAlerts)
      .set({ isAcknowledged: true, acknowledgedAt: now })
      .where(
        and(
          eq(savingsAlerts.holdingId, holding.id),
          eq(savingsAlerts.kind, alert.kind),
          eq(savingsAlerts.isAcknowledged, false),
        ),
      );
    await tx
      .insert(savingsAlerts)
      .values({ holdingId: holding.id, kind: alert.kind, data: alert.data, createdAt: now })
      .onConflictDoNothing();
  }
}

/** Interest accrued since `from` at each rate of the history, on the current balance. */
function accruedSince(
  balance: string,
  rates: RateRow[],
  from: string,
  today: string,
): ReturnType<typeof dec> {
  let total = ZERO;
  for (const rate of rates) {
    const start = rate.startDate > from ? rate.startDate : from;
    const end = rate.endDate && rate.endDate < today ? rate.endDate : today;
    const days = daysBetween(start, end);
    if (days <= 0) continue;
    total = total.plus(
      interestOver(
        balance,
        rate.interestRate,
        rate.compoundingFrequency as CompoundingFrequency,
        days,
      ),
    );
  }
  return total;
}

export async function savingsDetail(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  simulationId?: string,
): Promise<SavingsDetail> {
  const now = ctx.clock.now();
  const today = isoDay(now);
  return ctx.database.db.transaction(async (tx) => {
    const holding = await requireSavings(tx, actor, id, 'view', simulationId);
    await raiseAlerts(tx, holding, today, now);
    const [rates, movements, alerts] = await Promise.all([
      tx
        .select()
        .from(savingsInterestRates)
        .where(eq(savingsInterestRates.holdingId, holding.id))
        .orderBy(desc(savingsInterestRates.startDate), desc(savingsInterestRates.createdAt)),
      tx
        .select()
        .from(savingsTransactions)
        .where(eq(savingsTransactions.holdingId, holding.id))
        .orderBy(desc(savingsTransactions.transactionDate), desc(savingsTransactions.createdAt)),
      tx
        .select()
        .from(savingsAlerts)
        .where(
          and(eq(savingsAlerts.holdingId, holding.id), eq(savingsAlerts.isAcknowledged, false)),
        )
        .orderBy(desc(savingsAlerts.createdAt)),
    ]);
    const info = detailsOf(holding);
    const open = rates.find((rate) => rate.endDate === null) ?? null;
    const yearStart = `${today.slice(0, 4)}-01-01`;
    const from = holding.purchaseDate > yearStart ? holding.purchaseDate : yearStart;
    const thisYear = movements.filter(
      (row) => row.transactionType === 'interest' && row.transactionDate >= yearStart,
    );
    const frequency = (open?.compoundingFrequency ?? info.compounding) as CompoundingFrequency;
    return {
      rates: rates.map(toRate),
      transactions: movements.map(toMovement),
      alerts: alerts.map(toAlert),
      accrual: {
        balance: dec(holding.quantity).toFixed(2),
        currency: holding.currency,
        annualRate: open ? plain(open.interestRate) : '0',
        compoundingFrequency: frequency,
        projectedYearInterest: open
          ? interestOver(holding.quantity, open.interestRate, frequency, 365).toFixed(2)
          : '0.00',
        accruedThisYear: accruedSince(holding.quantity, [...rates].reverse(), from, today).toFixed(
          2,
        ),
        interestPaidThisYear: thisYear.reduce((sum, row) => sum.plus(row.amount), ZERO).toFixed(2),
        taxWithheldThisYear: thisYear
          .reduce((sum, row) => sum.plus(row.taxWithheld), ZERO)
          .toFixed(2),
        isTaxExempt: info.exempt,
      },
    };
  });
}

/**
 * A new rate starts on or after the open rate's start and the account's opening date: closing
 * the open record before it began, or a rate before the account existed, would make the history
 * overlap (422 RATE_START_TOO_EARLY, with the earliest date allowed).
 */
export async function assertRateStart(tx: DbOrTx, holding: HoldingRow, startDate: string) {
  const problem = rateStartProblem(
    (await lastRateChanges(tx, [holding.id])).get(holding.id) ?? null,
    holding.purchaseDate,
    startDate,
  );
  if (problem) throw problem;
}

/**
 * The date of each account's last rate change: the latest day a rate record starts or ends (a
 * change to 0 ends the open record and starts none).
 */
export async function lastRateChanges(tx: DbOrTx, holdingIds: string[]) {
  const last = new Map<string, string>();
  if (holdingIds.length === 0) return last;
  const rows = await tx
    .select({
      holdingId: savingsInterestRates.holdingId,
      day: sql<string>`max(greatest(${savingsInterestRates.startDate}, coalesce(${savingsInterestRates.endDate}, ${savingsInterestRates.startDate})))::text`,
    })
    .from(savingsInterestRates)
    .where(inArray(savingsInterestRates.holdingId, holdingIds))
    .groupBy(savingsInterestRates.holdingId);
  for (const row of rows) last.set(row.holdingId, row.day);
  return last;
}

/**
 * Why a rate change from `startDate` is refused, if it is: it cannot start before the account's
 * last rate change (`lastChange`: records would overlap) or its opening date.
 */
export function rateStartProblem(
  lastChange: string | null,
  openingDate: string,
  startDate: string,
): AppError | null {
  const earliest = lastChange && lastChange > openingDate ? lastChange : openingDate;
  if (startDate >= earliest) return null;
  return new AppError(
    'RATE_START_TOO_EARLY',
    { date: earliest },
    `The new rate cannot start before ${earliest} (the last rate change or the opening date)`,
  );
}

/**
 * Changes the rate from `startDate`: the open record closes that day and, when the new rate is
 * above 0, a new one opens (spec 002, section 4). Stored as a fraction. The start cannot be
 * before the open rate's start or the opening date (`assertRateStart`).
 */
export async function changeRate(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  body: ChangeRateBody,
  simulationId?: string,
) {
  const input = changeRateBodySchema.parse(body);
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const holding = await requireSavings(tx, actor, id, 'edit', simulationId);
    await assertRateStart(tx, holding, input.startDate);
    const rate = await applyRateChange(tx, actor, holding, input, now);
    await publishHoldingsChanged(ctx, tx, holding.portfolioId);
    return rate ? toRate(rate) : null;
  });
}

/**
 * `changeRate` inside the caller's transaction, on a savings account the caller checked and
 * locked (also used by the CSV import of a rate history).
 */
export async function applyRateChange(
  tx: DbOrTx,
  actor: Actor,
  holding: HoldingRow,
  input: z.output<typeof changeRateBodySchema>,
  now: Date,
): Promise<RateRow | null> {
  const fraction = toPlain(dec(input.interestRate).div(100));
  const frequency = input.compoundingFrequency ?? detailsOf(holding).compounding;
  await tx
    .update(savingsInterestRates)
    .set({ endDate: input.startDate })
    .where(
      and(eq(savingsInterestRates.holdingId, holding.id), isNull(savingsInterestRates.endDate)),
    );
  let rate: RateRow | null = null;
  if (!dec(fraction).isZero()) {
    [rate = null] = await tx
      .insert(savingsInterestRates)
      .values({
        holdingId: holding.id,
        interestRate: fraction,
        compoundingFrequency: frequency,
        startDate: input.startDate,
        notes: input.notes ?? null,
        createdAt: now,
      })
      .returning();
  }
  await tx
    .update(holdings)
    .set({
      details: { ...holding.details, interestRate: fraction, compoundingFrequency: frequency },
      updatedAt: now,
    })
    .where(eq(holdings.id, holding.id));
  await recordLedgerAudit(
    tx,
    actor,
    {
      portfolioId: holding.portfolioId,
      action: 'create',
      entityType: 'savings_rate',
      entityId: rate?.id ?? holding.id,
      newValues: {
        interestRate: fraction,
        compoundingFrequency: frequency,
        startDate: input.startDate,
      },
    },
    now,
  );
  return rate;
}

/**
 * Records a deposit, withdrawal, interest or fee and moves the balance. Interest on a
 * non-exempt account has the account's tax rate withheld. A withdrawal (or fee) above the balance
 * is refused; a withdrawal before maturity on an account with a penalty rate is blocked with the
 * penalty it would cost ('Early withdrawal penalty applies: {amount} {currency}').
 */
export async function recordMovement(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  body: SavingsMovementBody,
  simulationId?: string,
) {
  const input = savingsMovementBodySchema.parse(body);
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const holding = await requireSavings(tx, actor, id, 'edit', simulationId);
    const { row, balance } = await applyMovement(tx, actor, holding, input, now);
    await publishHoldingsChanged(ctx, tx, holding.portfolioId);
    return { transaction: toMovement(row), balance: balance.toFixed(2) };
  });
}

type MovementInput = z.output<typeof savingsMovementBodySchema>;

/**
 * What a movement does to an account whose balance is `holding.quantity`: the balance after it
 * and the tax withheld, or the refusal `recordMovement` answers (AppError). `taxWithheld`, when
 * given, is the tax withheld on interest instead of the account's rate (a history imported as it
 * was recorded).
 */
export function movementEffect(
  holding: HoldingRow,
  input: MovementInput,
  taxWithheldGiven?: string,
) {
  const info = detailsOf(holding);
  const balance = dec(holding.quantity);
  const amount = dec(input.amount);
  let taxWithheld = ZERO;
  let next = balance;
  switch (input.transactionType) {
    case 'deposit':
      next = balance.plus(amount);
      break;
    case 'interest':
      taxWithheld =
        taxWithheldGiven === undefined
          ? taxOnInterest(amount, info.taxRate, info.exempt)
          : dec(taxWithheldGiven);
      next = balance.plus(amount).minus(taxWithheld);
      break;
    case 'withdrawal':
    case 'fee': {
      if (amount.gt(balance)) {
        throw new AppError(
          'INSUFFICIENT_BALANCE',
          { available: toPlain(balance), requested: toPlain(amount) },
          `Insufficient balance. Available: ${toPlain(balance)}, Requested: ${toPlain(amount)}`,
        );
      }
      if (input.transactionType === 'withdrawal') {
        const penalty = earlyWithdrawalPenalty({
          amount,
          penaltyRatePercent: info.penaltyRate,
          maturityDate: info.maturityDate,
          date: input.transactionDate,
        });
        if (!penalty.isZero()) {
          throw new AppError(
            'EARLY_WITHDRAWAL_PENALTY',
            { amount: penalty.toFixed(2), currency: holding.currency },
            `Early withdrawal penalty applies: ${penalty.toFixed(2)} ${holding.currency}`,
          );
        }
      }
      next = balance.minus(amount);
      break;
    }
  }
  return { amount, taxWithheld, balance: next };
}

/**
 * `recordMovement` inside the caller's transaction, on a savings account the caller checked and
 * locked (also used by the CSV import of a movement history).
 */
export async function applyMovement(
  tx: DbOrTx,
  actor: Actor,
  holding: HoldingRow,
  input: MovementInput,
  now: Date,
  options: { taxWithheld?: string } = {},
) {
  const { amount, taxWithheld, balance } = movementEffect(holding, input, options.taxWithheld);
  const [row] = await tx
    .insert(savingsTransactions)
    .values({
      holdingId: holding.id,
      userId: actor.userId,
      transactionType: input.transactionType,
      transactionDate: input.transactionDate,
      amount: amount.toFixed(2),
      taxWithheld: taxWithheld.toFixed(2),
      notes: input.notes ?? null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('savings transaction insert returned nothing');
  await tx
    .update(holdings)
    .set({ quantity: toPlain(balance), updatedAt: now })
    .where(eq(holdings.id, holding.id));
  await recordLedgerAudit(
    tx,
    actor,
    {
      portfolioId: holding.portfolioId,
      action: 'create',
      entityType: 'savings_transaction',
      entityId: row.id,
      newValues: { transactionType: row.transactionType, amount: row.amount },
    },
    now,
  );
  await raiseAlerts(tx, { ...holding, quantity: toPlain(balance) }, isoDay(now), now);
  return { row, balance };
}

/** Acknowledges an alert of a savings account the caller may edit. */
export async function acknowledgeAlert(
  ctx: ServerContext,
  actor: Actor,
  alertId: string,
  simulationId?: string,
) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const [alert] = await tx.select().from(savingsAlerts).where(eq(savingsAlerts.id, alertId));
    if (!alert) throw new AppError('ALERT_NOT_FOUND');
    try {
      await requireSavings(tx, actor, alert.holdingId, 'edit', simulationId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'HOLDING_NOT_FOUND') {
        throw new AppError('ALERT_NOT_FOUND');
      }
      throw error;
    }
    await tx
      .update(savingsAlerts)
      .set({ isAcknowledged: true, acknowledgedAt: now })
      .where(eq(savingsAlerts.id, alert.id));
  });
}
