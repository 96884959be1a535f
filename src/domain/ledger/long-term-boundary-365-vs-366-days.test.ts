import { describe, expect, it } from 'vitest';
import { replayHolding } from './replay';
import { daysBetween } from './tax';
import { buy, sell } from './testing/builders';

describe('long term boundary: 365 days is short term, 366 is long term', () => {
  // 2025-01-01 + 365 days = 2026-01-01 (2025 is not a leap year).
  const tax = (sellDate: string) =>
    replayHolding([buy('1', '100', '2025-01-01'), sell('1', '200', sellDate)]).sales[0]?.tax
      .lots[0];

  it('counts whole calendar days', () => {
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    // Across a daylight-saving change: still whole days.
    expect(daysBetween('2025-03-29', '2025-03-31')).toBe(2);
  });

  it('taxes a gain of 100 held 365 days at 30%', () => {
    expect(tax('2026-01-01')).toMatchObject({
      holdingPeriodDays: 365,
      isLongTerm: false,
      taxRate: '0.3',
      taxAmount: '30.00',
    });
  });

  it('taxes a gain of 100 held 366 days at 17.2%', () => {
    expect(tax('2026-01-02')).toMatchObject({
      holdingPeriodDays: 366,
      isLongTerm: true,
      taxRate: '0.172',
      taxAmount: '17.20',
    });
  });

  it('never taxes a loss', () => {
    const loss = replayHolding([buy('2', '100', '2025-01-01'), sell('2', '80', '2025-02-01')])
      .sales[0]?.tax;
    expect(loss?.total).toEqual({
      proceeds: '160.00',
      costBasis: '200.00',
      gainLoss: '-40.00',
      taxAmount: '0.00',
    });
  });
});
