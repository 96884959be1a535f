export * from './dates';
export * from './engine';
export { FxTable, type FxInput, normaliseCurrency, pairName, type NormalisedCurrency } from './fx';
export { chartSeries, monthEndReturns, rangePerformance, type DailyArrays } from './performance';
export * from './returns';
export * from './risk';
export * from './series';
export * from './thinning';
export * from './types';
