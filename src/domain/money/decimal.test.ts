import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  approxEqual,
  convert,
  dec,
  Decimal,
  FinancialMathError,
  minorUnits,
  roundCrypto,
  roundMoney,
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

describe('money in answers', () => {
  it('is rounded half up to the currency’s minor unit, with exactly its decimals', () => {
    expect(roundMoney('348563.6363636363636363636363646', 'EUR')).toBe('348563.64');
    expect(roundMoney('1500', 'USD')).toBe('1500.00');
    expect(roundMoney('0.005', 'GBP')).toBe('0.01');
    expect(roundMoney('-2.345', 'CAD')).toBe('-2.35');
    expect(roundMoney('1234.5', 'JPY')).toBe('1235');
    expect(roundMoney('1.2345', 'KWD')).toBe('1.235');
  });

  it('never writes a negative zero', () => {
    expect(roundMoney('-0.004', 'EUR')).toBe('0.00');
    expect(roundMoney('-0', 'JPY')).toBe('0');
  });

  it('rounds a decimal string as decimal.js rounds it, half up, for any digits', () => {
    const decimalText = fc
      .tuple(
        fc.boolean(),
        fc.stringMatching(/^\d{1,20}$/),
        fc.option(fc.stringMatching(/^\d{1,30}$/), { nil: undefined }),
      )
      .map(
        ([negative, whole, fraction]) =>
          `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`,
      );
    fc.assert(
      fc.property(decimalText, fc.constantFrom('EUR', 'JPY', 'KWD'), (text, currency) => {
        const digits = minorUnits(currency);
        const expected = new Decimal(text).toDecimalPlaces(digits);
        expect(roundMoney(text, currency)).toBe(
          (expected.isZero() ? expected.abs() : expected).toFixed(digits),
        );
        // Numbers and decimals take the other path to the same answer.
        expect(roundMoney(new Decimal(text), currency)).toBe(roundMoney(text, currency));
      }),
      { numRuns: 2000, seed: 26 },
    );
  });

  it('knows the minor units of the app’s currencies', () => {
    expect(['EUR', 'USD', 'GBP', 'CAD'].map(minorUnits)).toEqual([2, 2, 2, 2]);
    expect(minorUnits('jpy')).toBe(0);
  });
});
