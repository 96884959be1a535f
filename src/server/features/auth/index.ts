/** What the auth feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export {
  ensureDefaultPortfolio,
  ensureSettingsRows,
  lockOwnerPortfolios,
  preferredCurrency,
  repairDefaultPortfolio,
} from './account-setup';
export { purgeExpiredAuthData } from './auth.housekeeping';
export { sendPasswordReset } from './auth.service';
