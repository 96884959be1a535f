import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../money/decimal';
import { dayChange } from './day-change';
import { crossRate, euroRateFromPair, parsePair, toMajorUnit } from './fx';

describe('currency pairs', () => {
  it('reads six letters as base then quote', () => {
    expect(parsePair('EURUSD')).toEqual({ base: 'EUR', quote: 'USD' });
    expect(parsePair('USDCAD')).toEqual({ base: 'USD', quote: 'CAD' });
  });

  it.each(['EURUS', 'EURUSDX', 'EUREUR', 'XXXUSD', 'eurusd', 'AAPL'])('refuses %s', (symbol) => {
    expect(parsePair(symbol)).toBeNull();
  });
});

describe('cross rates through the euro', () => {
  it('USD to CAD is rate(CAD) / rate(USD)', () => {
    expect(crossRate('1.08', '1.4688').toString()).toBe('1.36');
  });

  it('a pair and its reverse multiply to 1 (28 digits)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (a, b) => {
          const x = dec(a).div(10_000);
          const y = dec(b).div(10_000);
          const product = crossRate(x, y).times(crossRate(y, x));
          expect(product.minus(1).abs().lessThan('1e-25')).toBe(true);
        },
      ),
    );
  });

  it('refuses a zero or negative rate', () => {
    expect(() => crossRate('0', '1.1')).toThrow('Exchange rate cannot be zero');
    expect(() => crossRate('1', '-1')).toThrow('Exchange rate cannot be negative');
  });

  it('stores EURUSD as the dollar rate, USDEUR as its inverse', () => {
    const pair = parsePair('EURUSD')!;
    expect(euroRateFromPair(pair, '1.08', null)).toEqual({ currency: 'USD', rate: dec('1.08') });
    const inverse = euroRateFromPair(parsePair('USDEUR')!, '0.8', null)!;
    expect(inverse.currency).toBe('USD');
    expect(inverse.rate.toString()).toBe('1.25');
  });

  it('derives EUR to CAD from USDCAD and the same day EUR to USD, or gives nothing without it', () => {
    const pair = parsePair('USDCAD')!;
    const derived = euroRateFromPair(pair, '1.36', '1.08')!;
    expect(derived.currency).toBe('CAD');
    expect(derived.rate.toString()).toBe('1.4688');
    expect(euroRateFromPair(pair, '1.36', null)).toBeNull();
  });
});

describe('pence', () => {
  it('turns a GBp or GBX price into pounds', () => {
    expect(toMajorUnit('1234.5', 'GBp')).toEqual({ price: dec('12.345'), currency: 'GBP' });
    expect(toMajorUnit('50', 'GBX').price.toString()).toBe('0.5');
  });

  it('leaves other currencies as they are', () => {
    expect(toMajorUnit('10', 'GBP')).toEqual({ price: dec('10'), currency: 'GBP' });
  });
});

describe('day change', () => {
  it('is the difference of the last two closes and its percentage of the previous', () => {
    expect(dayChange('105', '100')).toEqual({ amount: '5', percent: '5.00' });
    expect(dayChange('99.5', '100')).toEqual({ amount: '-0.5', percent: '-0.50' });
  });

  it('is null with one close, and has no percentage after a close of 0', () => {
    expect(dayChange('105', null)).toBeNull();
    expect(dayChange('1', '0')).toEqual({ amount: '1', percent: null });
  });
});
