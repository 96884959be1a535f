/** What the valuation feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export { type Computed, valueView, viewValue } from './valuation.service';
