/** The packed price series moved to the platform layer (market data reads them too). */
export { type PriceSeries, readPriceSeries, unpackSeries } from '../../platform/price-series';
