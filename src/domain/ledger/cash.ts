import { dec, type Decimal, type DecimalInput, toPlain, ZERO } from '../money/decimal';
import type { TransactionType } from './types';

/**
 * A simulation's cash (spec 001: it starts with its initial cash, 100,000 in the portfolio's
 * base currency). Every amount is converted with the transaction's own `exchangeRateToBase`
 * (units of the base currency per unit of the transaction's currency):
 *
 * - buy: pays quantity x price + fees
 * - sell: receives quantity x price - fees
 * - dividend, interest: receive quantity x price - fees (net)
 * - fee: pays quantity x price + fees
 * - transfer: moves units, not cash (0)
 *
 * Only completed transactions count (a pending one has not paid yet, a cancelled one never will).
 * Real portfolios do not track cash (docs/decisions.md, 'Cash (issue 13)').
 */
export type CashTransaction = {
  type: TransactionType;
  quantity: DecimalInput;
  price: DecimalInput;
  fees: DecimalInput;
  exchangeRateToBase: DecimalInput;
  /** Absent means completed. */
  status?: string;
};

/** What one transaction does to the cash, signed, in the base currency. */
export function cashFlow(transaction: CashTransaction): Decimal {
  if (transaction.status !== undefined && transaction.status !== 'completed') return ZERO;
  const rate = dec(transaction.exchangeRateToBase);
  const gross = dec(transaction.quantity).mul(transaction.price).mul(rate);
  const fees = dec(transaction.fees).mul(rate);
  switch (transaction.type) {
    case 'buy':
    case 'fee':
      return gross.plus(fees).neg();
    case 'sell':
    case 'dividend':
    case 'interest':
      return gross.minus(fees);
    case 'transfer':
      return ZERO;
  }
}

/** Initial cash plus the signed flows of the transactions. */
export function cashBalance(initialCash: DecimalInput, transactions: Iterable<CashTransaction>) {
  let balance = dec(initialCash);
  for (const transaction of transactions) balance = balance.plus(cashFlow(transaction));
  return balance;
}

/** A change refused because it would leave less than nothing; `available` is what there was. */
export class InsufficientCashError extends Error {
  readonly code = 'INSUFFICIENT_CASH' as const;
  constructor(readonly available: Decimal) {
    super(`Not enough cash in this simulation: ${toPlain(available)} available.`);
    this.name = 'InsufficientCashError';
  }
}

/**
 * The rule a simulation's writes obey: a change that lowers the cash may not leave it below zero
 * (a buy, a fee, a bigger buy, a sale deleted or cut). A change that raises it is always
 * accepted, even while the cash is still below zero (history recorded before the rule).
 */
export function checkCashChange(before: DecimalInput, after: DecimalInput): void {
  const next = dec(after);
  const previous = dec(before);
  if (next.isNegative() && next.lt(previous)) {
    throw new InsufficientCashError(previous.isNegative() ? ZERO : previous);
  }
}

/**
 * Applies transactions one by one, refusing (skipping) each one the rule refuses: the accepted
 * ones and the balance after them. What a simulation's history looks like when written one
 * request at a time.
 */
export function applyCashTransactions(
  initialCash: DecimalInput,
  transactions: Iterable<CashTransaction>,
): { accepted: CashTransaction[]; refused: CashTransaction[]; balance: Decimal } {
  let balance = dec(initialCash);
  const accepted: CashTransaction[] = [];
  const refused: CashTransaction[] = [];
  for (const transaction of transactions) {
    const next = balance.plus(cashFlow(transaction));
    try {
      checkCashChange(balance, next);
      balance = next;
      accepted.push(transaction);
    } catch (error) {
      if (!(error instanceof InsufficientCashError)) throw error;
      refused.push(transaction);
    }
  }
  return { accepted, refused, balance };
}
