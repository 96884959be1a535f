import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from './format';

// Intl writes French groups with a narrow no-break space (U+202F) and puts a no-break space (U+00A0) before €.
const fr = (text: string) => text.replace(/\u202f/g, ' ').replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('shows 0 decimals by default and 2 when asked', () => {
    expect(formatMoney(248310.4, 'EUR', 'en')).toBe('€248,310');
    expect(formatMoney('1234.5', 'EUR', 'en', { decimals: true })).toBe('€1,234.50');
  });

  it('formats French amounts the French way', () => {
    expect(fr(formatMoney(248310, 'EUR', 'fr'))).toBe('248 310 €');
    expect(fr(formatMoney('1234.5', 'EUR', 'fr', { decimals: true }))).toBe('1 234,50 €');
  });

  it("uses Cairn's symbols, C$ for Canadian dollars", () => {
    expect(formatMoney(10, 'CAD', 'en')).toBe('C$10');
    expect(formatMoney(10, 'GBP', 'en')).toBe('£10');
    expect(formatMoney(10, 'USD', 'en')).toBe('$10');
    expect(fr(formatMoney(10, 'CAD', 'fr'))).toBe('10 C$');
  });

  it('writes a short scale for chart axes', () => {
    expect(formatMoney(12_500, 'EUR', 'en', { compact: true })).toBe('€12.5K');
    expect(fr(formatMoney(1_200_000, 'USD', 'fr', { compact: true }))).toBe('1,2 M $');
  });

  it('signs changes when asked', () => {
    expect(formatMoney(3215, 'EUR', 'en', { signed: true })).toBe('+€3,215');
    expect(formatMoney(-763, 'EUR', 'en', { signed: true })).toBe('-€763');
    expect(formatMoney(0, 'EUR', 'en', { signed: true })).toBe('€0');
  });

  it('keeps the precision of decimal strings', () => {
    expect(formatMoney('12345678901234.99', 'USD', 'en', { decimals: true })).toBe(
      '$12,345,678,901,234.99',
    );
  });
});

describe('formatPercent and formatNumber', () => {
  it('formats percentages from percent values', () => {
    expect(formatPercent(1.3117, 'en', { signed: true })).toBe('+1.31%');
    expect(fr(formatPercent(-4.1, 'fr', { signed: true, decimals: 1 }))).toBe('-4,1 %');
  });
  it('formats plain numbers', () => {
    expect(formatNumber(1234.5678, 'en')).toBe('1,234.57');
  });
});

describe('formatDate', () => {
  it('uses the language', () => {
    expect(formatDate('2026-01-12T10:00:00Z', 'en-US')).toBe('Jan 12, 2026');
    expect(formatDate('2026-01-12T10:00:00Z', 'fr-FR')).toBe('12 janv. 2026');
  });

  it('gives nothing for an unreadable date', () => {
    expect(formatDate('not a date', 'en-US')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('gives the date and the time in the language', () => {
    const at = new Date(2026, 0, 12, 10, 5);
    expect(formatDateTime(at, 'en-US')).toMatch(/^January 12, 2026.*10:05/);
    expect(fr(formatDateTime(at, 'fr-FR'))).toMatch(/^12 janvier 2026.*10:05/);
  });
});

describe('the user’s number and date formats', () => {
  it('rewrites separators, keeping the language’s symbol placement', () => {
    expect(
      fr(formatMoney('1234.56', 'EUR', 'en', { decimals: true, numberFormat: 'european' })),
    ).toBe('€1 234,56');
    expect(formatMoney('1234.56', 'USD', 'fr', { decimals: true, numberFormat: 'american' })).toBe(
      '1,234.56\u00a0$',
    );
    expect(formatNumber(1234567.891, 'en', 2, 'swiss')).toBe('1’234’567.89');
    expect(fr(formatPercent(12.5, 'en', { decimals: 1, numberFormat: 'european' }))).toBe('12,5%');
  });

  it('writes dates in the chosen pattern, in the chosen time zone', () => {
    const date = '2026-01-12T23:30:00Z';
    expect(formatDate(date, 'en-US', { dateFormat: 'dd/MM/yyyy', timeZone: 'UTC' })).toBe(
      '12/01/2026',
    );
    expect(formatDate(date, 'en-US', { dateFormat: 'MM/dd/yyyy', timeZone: 'UTC' })).toBe(
      '01/12/2026',
    );
    expect(formatDate(date, 'fr-FR', { dateFormat: 'yyyy-MM-dd', timeZone: 'Asia/Tokyo' })).toBe(
      '2026-01-13',
    );
    expect(
      formatDateTime(date, 'fr-FR', { dateFormat: 'dd/MM/yyyy', timeZone: 'Europe/Paris' }),
    ).toBe('13/01/2026 00:30');
    expect(formatDate(date, 'en-US', { timeZone: 'Not/AZone' })).not.toBe('');
  });
});
