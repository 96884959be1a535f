import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { decimalString } from '@/contracts/holdings';
import type { ImportIssue } from '@/contracts/import-export';
import { changeRateBodySchema, savingsMovementBodySchema } from '@/contracts/savings';
import { importIssue } from '@/domain/import/issues';
import { normaliseHeader } from '@/domain/import/mapping';
import { readRow } from '@/domain/import/values';
import { dec, toPlain } from '@/domain/money/decimal';
import type { DbOrTx } from '../../db/client';
import { holdings } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { activeHoldingsOf, type Actor, type HoldingRow, type Scope } from '../ledger';
import {
  appErrorIssue,
  besides,
  holdingByRef,
  type Prepared,
  type Row,
  sameText,
  zodIssues,
} from './import-common';
import {
  applyMovement,
  applyRateChange,
  lastRateChanges,
  movementEffect,
  rateStartProblem,
} from '../savings';
import { TimeSlices } from '../../platform/time-slices';

/**
 * Imports of a savings account's history: its movements (deposits, withdrawals, interest, fees)
 * and its rate changes, each row applied as the savings service applies one recorded by hand
 * (`applyMovement`, `applyRateChange`), in file order. A preview checks every row with the
 * service's schemas and balance rules (`movementEffect`) without writing.
 */

export type SavingsMovementItem = {
  row: number;
  holding: HoldingRow;
  input: z.output<typeof savingsMovementBodySchema>;
  taxWithheld: string | undefined;
};

export type SavingsRateItem = {
  row: number;
  holding: HoldingRow;
  input: z.output<typeof changeRateBodySchema>;
};

/** The savings accounts of a view (locked for a commit). */
async function accountsInScope(db: DbOrTx, scope: Scope, lock: boolean) {
  const query = db.select().from(holdings).where(activeHoldingsOf(scope, 'savings'));
  return lock ? await query.for('update') : await query;
}

/** The account a row names: by `assetRef` (an export's), else by `accountName`. */
function resolveAccount(
  { row, values }: Row,
  accounts: HoldingRow[],
  scope: Scope,
): { holding: HoldingRow | null; issue: ImportIssue | null } {
  if (values.assetRef) {
    const holding = holdingByRef(accounts, scope, values.assetRef);
    if (holding) return { holding, issue: null };
    if (!values.accountName) {
      return { holding: null, issue: importIssue(row, 'assetNotFound', null, 'assetRef') };
    }
  }
  if (!values.accountName) {
    return { holding: null, issue: importIssue(row, 'accountMissing', null, 'accountName') };
  }
  const matches = accounts.filter((account) => sameText(account.name, values.accountName));
  if (matches.length === 1) return { holding: matches[0] ?? null, issue: null };
  return {
    holding: null,
    issue: importIssue(
      row,
      matches.length ? 'assetAmbiguous' : 'assetNotFound',
      null,
      'accountName',
    ),
  };
}

/** French names of the movement types, accepted too. */
const MOVEMENT_NAMES: Record<string, string> = {
  depot: 'deposit',
  versement: 'deposit',
  retrait: 'withdrawal',
  interet: 'interest',
  interets: 'interest',
  frais: 'fee',
};
const movementType = (value: string | undefined) => {
  if (value === undefined) return undefined;
  const key = normaliseHeader(value);
  return MOVEMENT_NAMES[key] ?? key;
};

const taxRule = decimalString();

export async function checkSavingsMovements(
  db: DbOrTx,
  scope: Scope,
  prepared: Prepared,
  lock: boolean,
) {
  const accounts = await accountsInScope(db, scope, lock);
  const issues: ImportIssue[] = [];
  const items: SavingsMovementItem[] = [];
  // Each account's balance as the rows before move it; an account with a refused row is no
  // longer followed (its later rows would be judged on a wrong balance).
  const balance = new Map(accounts.map((account) => [account.id, account.quantity]));
  const stopped = new Set<string>();
  const slices = new TimeSlices();
  for (const current of prepared.rows) {
    await slices.turn();
    const { row, values: cells } = current;
    const { holding, issue } = resolveAccount(current, accounts, scope);
    const rowIssues: ImportIssue[] = issue ? [issue] : [];
    const read = readRow(row, cells, prepared.decimalStyle);
    rowIssues.push(...read.issues);
    const values = read.values as Record<string, string | undefined>;
    const parsed = savingsMovementBodySchema.safeParse({
      transactionType: movementType(cells.transactionType),
      amount: values.amount,
      transactionDate: values.transactionDate,
      notes: cells.notes,
    });
    if (!parsed.success) {
      const problems = zodIssues(row, parsed.error, (field) => cells[field] !== undefined);
      rowIssues.push(...besides(problems, read.issues));
    }
    // What was withheld on an interest payment: a sum of cents from 0 to the amount.
    let taxWithheld: string | undefined;
    if (values.taxWithheld !== undefined && parsed.success) {
      const tax = taxRule.safeParse(values.taxWithheld);
      const fits =
        tax.success &&
        (tax.data.split('.')[1]?.length ?? 0) <= 2 &&
        dec(tax.data).lte(parsed.data.amount) &&
        (parsed.data.transactionType === 'interest' || dec(tax.data).isZero());
      if (!fits) rowIssues.push(importIssue(row, 'taxWithheldInvalid', null, 'taxWithheld'));
      else if (parsed.data.transactionType === 'interest') taxWithheld = tax.data;
    }
    issues.push(...rowIssues);
    if (!holding) continue;
    if (rowIssues.length || !parsed.success) {
      stopped.add(holding.id);
      continue;
    }
    items.push({ row, holding, input: parsed.data, taxWithheld });
    if (stopped.has(holding.id)) continue;
    try {
      const effect = movementEffect(
        { ...holding, quantity: balance.get(holding.id) ?? holding.quantity },
        parsed.data,
        taxWithheld,
      );
      balance.set(holding.id, toPlain(effect.balance));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      issues.push(appErrorIssue(row, error));
      stopped.add(holding.id);
    }
  }
  return { items, issues };
}

/**
 * Records the movements in file order, a millisecond apart (so they list, and export again, in
 * that order), each moving its account's balance and raising its alerts as when recorded by hand.
 */
export async function saveSavingsMovements(
  tx: DbOrTx,
  actor: Actor,
  items: SavingsMovementItem[],
  now: Date,
) {
  const quantity = new Map<string, string>();
  for (const [index, item] of items.entries()) {
    const holding = {
      ...item.holding,
      quantity: quantity.get(item.holding.id) ?? item.holding.quantity,
    };
    const { balance } = await applyMovement(
      tx,
      actor,
      holding,
      item.input,
      new Date(now.getTime() + index),
      { taxWithheld: item.taxWithheld },
    );
    quantity.set(item.holding.id, toPlain(balance));
  }
}

export async function checkSavingsRates(
  db: DbOrTx,
  scope: Scope,
  prepared: Prepared,
  lock: boolean,
) {
  const accounts = await accountsInScope(db, scope, lock);
  // Each change must start on or after the one before it (and the opening date), as in the form.
  const lastChange = await lastRateChanges(
    db,
    accounts.map((account) => account.id),
  );
  const issues: ImportIssue[] = [];
  const items: SavingsRateItem[] = [];
  const slices = new TimeSlices();
  for (const current of prepared.rows) {
    await slices.turn();
    const { row, values: cells } = current;
    const { holding, issue } = resolveAccount(current, accounts, scope);
    const rowIssues: ImportIssue[] = issue ? [issue] : [];
    const read = readRow(row, cells, prepared.decimalStyle);
    rowIssues.push(...read.issues);
    const values = read.values as Record<string, string | undefined>;
    const parsed = changeRateBodySchema.safeParse({
      interestRate: values.interestRate,
      compoundingFrequency: cells.compoundingFrequency?.toLowerCase(),
      startDate: values.startDate,
      notes: cells.notes,
    });
    if (!parsed.success) {
      const problems = zodIssues(row, parsed.error, (field) => cells[field] !== undefined);
      rowIssues.push(...besides(problems, read.issues));
    }
    if (holding && parsed.success) {
      const problem = rateStartProblem(
        lastChange.get(holding.id) ?? null,
        holding.purchaseDate,
        parsed.data.startDate,
      );
      if (problem) rowIssues.push(appErrorIssue(row, problem));
      else lastChange.set(holding.id, parsed.data.startDate);
    }
    issues.push(...rowIssues);
    if (holding && parsed.success && !rowIssues.length) {
      items.push({ row, holding, input: parsed.data });
    }
  }
  return { items, issues };
}

/** Applies the rate changes in file order, as the rate form does one at a time. */
export async function saveSavingsRates(
  tx: DbOrTx,
  actor: Actor,
  items: SavingsRateItem[],
  now: Date,
) {
  for (const [index, item] of items.entries()) {
    // Each change keeps the account's details as the one before left them.
    const [holding] = await tx.select().from(holdings).where(eq(holdings.id, item.holding.id));
    if (!holding) throw new Error('savings account vanished during an import');
    await applyRateChange(tx, actor, holding, item.input, new Date(now.getTime() + index));
  }
}
