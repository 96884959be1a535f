/** What the holdings feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export { assetCount, assetLimitOf, enforceAssetLimit, ownerTier } from './asset-limit';
export { refreshBankLogos } from './bank-logos';
export { holdingValues, insertHolding } from './holding-insert';
export { seedValuations } from './valuation-points';
