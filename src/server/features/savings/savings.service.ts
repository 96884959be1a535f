import { and, desc, eq } from 'drizzle-orm';
import {
  type ChangeRateBody,
  changeRateBodySchema,
  type SavingsAlertKind,
  type SavingsDetail,
  type SavingsMovementBody,
  savingsMovementBodySchema,
  type SavingsMovementType,
} from '@/contracts/savings';
import { daysBetween } from '@/domain/ledger';
import { dec, ZERO } from '@/domain/money/decimal';
import { type CompoundingFrequency, interestOver } from '@/domain/savings/interest';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { savingsAlerts, savingsInterestRates, savingsTransactions } from '../../db/schema';
import {
  type Actor,
  type HoldingRow,
  plain,
  publishHoldingsChanged,
  requireHolding,
} from '../ledger';
import { AppError } from '../../platform/errors';
import {
  applyMovement,
  applyRateChange,
  isoDay,
  lastRateChanges,
  raiseAlerts,
  rateStartProblem,
  savingsTermsOf,
} from './savings-account';

/**
 * Savings accounts (spec 002, section 4): an account's detail (rate history, movements, open
 * alerts, interest accrual), rate changes, movements and alert acknowledgements, each checked
 * against the caller's permission in the view `?sim=` names. What a movement or a rate change
 * does to the account is features/savings/savings-account.ts (the CSV import applies it too).
 */

type RateRow = typeof savingsInterestRates.$inferSelect;
type MovementRow = typeof savingsTransactions.$inferSelect;
type AlertRow = typeof savingsAlerts.$inferSelect;

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
    await raiseAlerts(tx, holding, today, now, ctx);
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
    const info = savingsTermsOf(holding);
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
    const { row, balance } = await applyMovement(tx, actor, holding, input, now, {
      notifier: ctx,
    });
    await publishHoldingsChanged(ctx, tx, holding.portfolioId);
    return { transaction: toMovement(row), balance: balance.toFixed(2) };
  });
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
