/** What the market-data feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export { convertTotals, rateToBase } from './fx-rates';
/** The read cache's key for market data: prices, rates, instruments (migration 0021's triggers). */
export const MARKET_KEY = 'm';
export { type LastCloses, lastTwoCloses } from './market-closes';
export { type PriceSeries, readPriceSeries } from './price-series';
