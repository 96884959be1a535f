/** What the valuation feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export { viewValue } from './valuation.service';
