/** What the savings feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export {
  applyMovement,
  applyRateChange,
  lastRateChanges,
  movementEffect,
  rateStartProblem,
} from './savings-account';
