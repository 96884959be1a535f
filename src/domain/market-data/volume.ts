/**
 * A trading volume as the spec shows it: K from 1,000, M from 1,000,000, one decimal
 * (1,234 -> '1.2K', 1,234,567 -> '1.2M'); below 1,000 the whole number ('999').
 * Rounds half up on the shown decimal; a value that rounds to 1000.0K shows as '1.0M'.
 */
export function formatVolume(volume: number | string): string {
  const value = typeof volume === 'string' ? Number(volume) : volume;
  if (!Number.isFinite(value) || value < 0) return '';
  const tenths = (scaled: number) => Math.round(scaled * 10) / 10;
  if (value >= 1_000_000 || tenths(value / 1_000) >= 1_000) {
    return `${tenths(value / 1_000_000).toFixed(1)}M`;
  }
  if (value >= 1_000) return `${tenths(value / 1_000).toFixed(1)}K`;
  return String(Math.round(value));
}
