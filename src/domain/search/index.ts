export { fold, queryWords } from './fold';
export * from './search';
