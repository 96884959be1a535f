export * from './day-change';
export * from './fx';
export * from './market-hours';
export * from './volume';
export * from './price-history';
