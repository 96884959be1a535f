/** What the market-data feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export { convertTotals, rateToBase } from './fx-rates';
export { type LastCloses, lastTwoCloses } from './market-closes';
export { type PriceSeries, readPriceSeries } from './price-series';
