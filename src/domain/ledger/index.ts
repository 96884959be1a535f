export * from './errors';
export * from './lots';
export * from './replay';
export * from './tax';
export * from './types';
export * from './cash';
