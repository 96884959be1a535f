import { describe, expect, it } from 'vitest';
import { isUsMarketOpen, newYorkTime } from './market-hours';

describe('US market hours (09:30-16:00 New York, Monday to Friday)', () => {
  it('is open at 09:30 New York time on a winter Monday (UTC-5) and closed a minute before', () => {
    // 2026-01-05 is a Monday; New York is UTC-5 in January.
    expect(isUsMarketOpen(new Date('2026-01-05T14:30:00Z'))).toBe(true);
    expect(isUsMarketOpen(new Date('2026-01-05T14:29:59Z'))).toBe(false);
  });

  it('closes at 16:00 New York time, daylight saving included (UTC-4 in July)', () => {
    // 2026-07-08 is a Wednesday.
    expect(isUsMarketOpen(new Date('2026-07-08T19:59:00Z'))).toBe(true);
    expect(isUsMarketOpen(new Date('2026-07-08T20:00:00Z'))).toBe(false);
    expect(isUsMarketOpen(new Date('2026-07-08T13:30:00Z'))).toBe(true);
  });

  it('is closed on Saturday and Sunday at midday', () => {
    expect(isUsMarketOpen(new Date('2026-01-10T17:00:00Z'))).toBe(false);
    expect(isUsMarketOpen(new Date('2026-01-11T17:00:00Z'))).toBe(false);
  });

  it('reads the weekday in New York, not in UTC (Friday evening there is Saturday in UTC)', () => {
    const at = new Date('2026-01-10T01:00:00Z'); // Friday 20:00 in New York
    expect(newYorkTime(at)).toEqual({ weekday: 5, minute: 20 * 60 });
    expect(isUsMarketOpen(at)).toBe(false);
  });
});
