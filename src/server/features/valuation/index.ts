/** What the valuation feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export { todayOf, valueView, viewValue } from './valuation.service';
