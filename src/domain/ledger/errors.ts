import { toPlain, type Decimal } from '../money/decimal';

export type LedgerErrorCode =
  | 'INSUFFICIENT_BALANCE'
  | 'INSUFFICIENT_LOT_QUANTITY'
  | 'SELECTED_LOTS_MISMATCH'
  | 'LOT_CONSUMED'
  | 'UNSUPPORTED_TRANSACTION_TYPE';

/** A rule of the ledger refused a change; `details` carries the figures for the message. */
export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
    readonly details: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

export const insufficientBalance = (available: Decimal, requested: Decimal) =>
  new LedgerError(
    'INSUFFICIENT_BALANCE',
    `Insufficient balance. Available: ${toPlain(available)}, Requested: ${toPlain(requested)}`,
    { available: toPlain(available), requested: toPlain(requested) },
  );

export const insufficientLotQuantity = () =>
  new LedgerError('INSUFFICIENT_LOT_QUANTITY', 'Insufficient lot quantity to complete sale');

export const selectedLotsMismatch = () =>
  new LedgerError(
    'SELECTED_LOTS_MISMATCH',
    'Selected lot quantities must add up to the quantity sold',
  );

export const lotConsumed = () =>
  new LedgerError(
    'LOT_CONSUMED',
    'This purchase cannot be changed or deleted: a later sale used its shares. Delete that sale first.',
  );

export const unsupportedType = (type: string) =>
  new LedgerError('UNSUPPORTED_TRANSACTION_TYPE', `Unsupported transaction type: ${type}`, {
    type,
  });
