export * from './projection';
export { createRandom, type Random } from './random';
export * from './assumptions';
