/** CSV reading and writing moved to the platform layer (market data imports use it too). */
export * from '../../platform/csv';
