import { describe, expect, it } from 'vitest';
import { parseTypedNumber } from './projection-form';

describe('a number as typed', () => {
  it('reads the user’s decimal mark, and the other mark as grouping of three', () => {
    expect(parseTypedNumber('10,000', '.')).toBe(10_000);
    expect(parseTypedNumber('1,234.5', '.')).toBe(1234.5);
    expect(parseTypedNumber('6,5', '.')).toBe(6.5);
    expect(parseTypedNumber('1 234,5', ',')).toBe(1234.5);
    expect(parseTypedNumber('1.234,5', ',')).toBe(1234.5);
    expect(parseTypedNumber('1.000', ',')).toBe(1000);
    expect(parseTypedNumber('6.5', ',')).toBe(6.5);
    expect(parseTypedNumber('1\u202f000\u00a0000', ',')).toBe(1_000_000);
    expect(parseTypedNumber("1'000.25", '.')).toBe(1000.25);
    expect(parseTypedNumber('-20000', '.')).toBe(-20_000);
    expect(parseTypedNumber('+7', '.')).toBe(7);
  });

  it('refuses what is not one number', () => {
    for (const text of ['', '-', 'abc', '1,5,6', '1.2.3', '1e5', '12a', '--1'])
      expect(parseTypedNumber(text, '.'), text).toBeNull();
    expect(parseTypedNumber('1,2,3', ',')).toBeNull();
  });
});
