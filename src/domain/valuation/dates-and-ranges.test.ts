import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, fromDay, type RangeKey, rangeStartDay, toDay } from './dates';

describe('day numbers', () => {
  it('count days since 1970-01-01 as Date does, and print back', () => {
    expect(toDay('1970-01-01')).toBe(0);
    expect(toDay('2024-02-29')).toBe(19782);
    expect(toDay('1969-12-31')).toBe(-1);
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 200_000 }), (day) => {
        const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
        expect(fromDay(day)).toBe(date);
        expect(toDay(date)).toBe(day);
      }),
    );
  });

  it('refuse what is not a date', () => {
    expect(() => toDay('2024-02-30')).toThrow(RangeError);
    expect(() => toDay('2024/01/01')).toThrow(RangeError);
    expect(() => toDay('24-1-1')).toThrow(RangeError);
  });

  it('add months clamped to the end of the month', () => {
    expect(fromDay(addMonths(toDay('2024-03-31'), -1))).toBe('2024-02-29');
    expect(fromDay(addMonths(toDay('2024-02-29'), -12))).toBe('2023-02-28');
    expect(fromDay(addMonths(toDay('2024-01-15'), -13))).toBe('2022-12-15');
  });
});

describe('range start', () => {
  const first = toDay('2015-03-10');
  const start = (range: RangeKey, asOf: string) =>
    fromDay(rangeStartDay(range, toDay(asOf), first));

  it('opens each range on the expected day', () => {
    expect(start('1W', '2024-03-31')).toBe('2024-03-25');
    expect(start('1M', '2024-03-31')).toBe('2024-03-01');
    expect(start('3M', '2024-05-31')).toBe('2024-03-01');
    expect(start('YTD', '2024-03-31')).toBe('2024-01-01');
    expect(start('1Y', '2024-02-29')).toBe('2023-03-01');
    expect(start('3Y', '2024-06-30')).toBe('2021-07-01');
    expect(start('5Y', '2024-06-30')).toBe('2019-07-01');
    expect(start('MAX', '2024-06-30')).toBe('2015-03-10');
  });

  it('never starts before the history or after asOf', () => {
    expect(start('5Y', '2016-01-01')).toBe('2015-03-10');
    expect(fromDay(rangeStartDay('1Y', toDay('2015-01-01'), first))).toBe('2015-01-01');
  });
});
