/** The holding scope check lives in the platform layer (the valuation feature uses it too). */
export * from '../../platform/holding-scope';
