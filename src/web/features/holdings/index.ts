/** What the holdings feature offers the rest of the web app (its public entry). */
export { useHoldings } from './api/holdings';
