import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_SAVINGS_TAX_RATE } from '@/contracts/holdings';
import {
  type changeRateBodySchema,
  MATURITY_ALERT_DAYS,
  type SavingsAlertKind,
  type savingsMovementBodySchema,
} from '@/contracts/savings';
import { daysBetween } from '@/domain/ledger';
import { dec, toPlain, ZERO } from '@/domain/money/decimal';
import {
  type CompoundingFrequency,
  earlyWithdrawalPenalty,
  isTaxExempt,
  taxOnInterest,
} from '@/domain/savings/interest';
import type { DbOrTx } from '../../db/client';
import {
  holdings,
  portfolios,
  savingsAlerts,
  savingsInterestRates,
  savingsTransactions,
} from '../../db/schema';
import { type Actor, type HoldingRow, plain, recordLedgerAudit } from '../ledger';
import { AppError } from '../../platform/errors';
import { notify, type NotifyContext } from '../notifications';

/**
 * What a movement (deposit, withdrawal, interest, fee) or a rate change does to a savings
 * account, in the caller's transaction on an account the caller checked and locked: the
 * account's terms (`savingsTermsOf`), a movement's effect and its refusals (`movementEffect`),
 * the writes (`applyMovement`, `applyRateChange`), the rate history's order
 * (`lastRateChanges`, `rateStartProblem`) and the alerts the account's state raises
 * (`raiseAlerts`). Offered in the savings' index.ts because the savings feature applies them one at a
 * time and the CSV import (features/import-export) a history at a time, with the same rules.
 */

type RateRow = typeof savingsInterestRates.$inferSelect;

/** The UTC calendar day of `date`. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A savings account's terms, read from its details (defaults where a detail is missing). */
export function savingsTermsOf(holding: HoldingRow) {
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

/**
 * Raises the alerts the account's state calls for, once per occurrence: maturity within 30 days
 * (once per maturity date), balance below its minimum (once per balance). An acknowledged alert
 * is not raised again for the same occurrence.
 */
export async function raiseAlerts(
  tx: DbOrTx,
  holding: HoldingRow,
  today: string,
  now: Date,
  notifier?: NotifyContext,
) {
  const info = savingsTermsOf(holding);
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
    const raised = await tx
      .insert(savingsAlerts)
      .values({ holdingId: holding.id, kind: alert.kind, data: alert.data, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: savingsAlerts.id });
    if (raised.length > 0 && notifier) await notifyAlert(tx, notifier, holding, alert);
  }
}

/**
 * Tells the portfolio's owner about a new savings alert (a simulation's account is a what-if:
 * its alerts stay on its page).
 */
async function notifyAlert(
  tx: DbOrTx,
  notifier: NotifyContext,
  holding: HoldingRow,
  alert: { kind: SavingsAlertKind; data: Record<string, string> },
) {
  if (holding.simulationId) return;
  const [owner] = await tx
    .select({ userId: portfolios.userId })
    .from(portfolios)
    .where(eq(portfolios.id, holding.portfolioId));
  if (!owner) return;
  const metadata = { holdingId: holding.id, portfolioId: holding.portfolioId };
  await notify(
    notifier,
    alert.kind === 'maturity_near'
      ? {
          userId: owner.userId,
          type: 'info',
          key: 'savingsMaturity',
          params: {
            account: holding.name,
            date: new Date(`${alert.data.maturityDate ?? ''}T00:00:00Z`),
          },
          metadata,
        }
      : {
          userId: owner.userId,
          type: 'warning',
          key: 'savingsBelowMinimum',
          params: {
            account: holding.name,
            minimum: `${alert.data.minimumBalance ?? ''} ${holding.currency}`,
          },
          metadata,
        },
    tx,
  );
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
  const frequency = input.compoundingFrequency ?? savingsTermsOf(holding).compounding;
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

export type MovementInput = z.output<typeof savingsMovementBodySchema>;

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
  const info = savingsTermsOf(holding);
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
  options: { taxWithheld?: string; notifier?: NotifyContext } = {},
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
  await raiseAlerts(
    tx,
    { ...holding, quantity: toPlain(balance) },
    isoDay(now),
    now,
    options.notifier,
  );
  return { row, balance };
}
