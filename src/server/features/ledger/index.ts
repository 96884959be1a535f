/** What the ledger feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export { type Actor, actorOf, publishHoldingsChanged, recordLedgerAudit } from './actor';
export { plain, toHolding, type TransactionRow, validationError } from './holding-dto';
export { empty, errors, idParams, noContent, simQuery } from './holding-routes';
export {
  activeHoldingsOf,
  holdingNotFound,
  type HoldingRow,
  requireHolding,
  requireScope,
  type Scope,
  simulationIs,
} from './holding-scope';
export { type PackedLedgerRows, packLedgerRows, unpackLedgerRows } from './ledger-plan';
export { OFFLOAD_REPLAY_ROWS, readLedger, rebuildHolding } from './ledger-store';
export {
  assertTradable,
  ASSET_TYPE_OF,
  ledgerFailure,
  newRow,
  settlementDateFor,
} from './transaction-rows';
