import { describe, expect, it } from 'vitest';
import {
  approxEqual,
  convert,
  dec,
  Decimal,
  FinancialMathError,
  roundCrypto,
  roundFiat,
  safeDivide,
  toFiat,
  toPlain,
} from './decimal';

describe('money maths', () => {
  it('works with 28 significant digits and rounds half up', () => {
    expect(new Decimal(1).div(3).toString()).toBe('0.3333333333333333333333333333');
    expect(roundFiat('2.345').toString()).toBe('2.35');
    expect(roundFiat('-2.345').toString()).toBe('-2.35');
    expect(roundCrypto('0.123456785').toString()).toBe('0.12345679');
    // Not a float: 0.1 + 0.2 is 0.3.
    expect(dec('0.1').plus('0.2').toString()).toBe('0.3');
  });

  it('refuses division by zero, and zero or negative exchange rates, with the spec’s messages', () => {
    expect(() => safeDivide(1, 0)).toThrow(
      'Division by zero is not allowed in financial calculations',
    );
    expect(() => convert(10, 0)).toThrow('Exchange rate cannot be zero');
    expect(() => convert(10, '-1.1')).toThrow('Exchange rate cannot be negative');
    try {
      convert(10, 0);
    } catch (error) {
      expect(error).toBeInstanceOf(FinancialMathError);
      expect((error as FinancialMathError).code).toBe('EXCHANGE_RATE_ZERO');
    }
    expect(convert('100', '0.9').toString()).toBe('90');
    expect(safeDivide('10', '4').toString()).toBe('2.5');
  });

  it('refuses what is not a number', () => {
    expect(() => dec(Number.NaN)).toThrow(FinancialMathError);
    expect(() => dec(Number.POSITIVE_INFINITY)).toThrow(FinancialMathError);
  });

  it('shares one decimal per repeated string and still refuses bad ones', () => {
    expect(dec('1.5')).toBe(dec('1.5'));
    expect(dec('1.5').toString()).toBe('1.5');
    expect(() => dec('abc')).toThrow();
    expect(() => dec('Infinity')).toThrow(FinancialMathError);
    expect(() => dec('Infinity')).toThrow(FinancialMathError);
  });

  it('compares within a cent unless told otherwise', () => {
    expect(approxEqual('10.004', '10')).toBe(true);
    expect(approxEqual('10.02', '10')).toBe(false);
    expect(approxEqual('1.000001', '1', '0.00001')).toBe(true);
  });

  it('writes plain decimals and cents', () => {
    expect(toPlain('12.500')).toBe('12.5');
    expect(toPlain('1e-7')).toBe('0.0000001');
    expect(toPlain('1200')).toBe('1200');
    expect(toFiat('104')).toBe('104.00');
    expect(toFiat('0.005')).toBe('0.01');
  });
});
