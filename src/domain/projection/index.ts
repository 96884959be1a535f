export * from './projection';
export { createRandom, type Random } from './random';
