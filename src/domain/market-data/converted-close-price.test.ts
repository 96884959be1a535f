import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../money/decimal';
import { convertedPrice, crossRate } from './fx';

describe('a close converted for a purchase price', () => {
  it('keeps 4 decimals from 1 up, rounding half up', () => {
    // 185.92 USD in EUR with EUR->USD at 1.0905: 170.49059...
    expect(convertedPrice('185.92', crossRate('1.0905', '1')).toString()).toBe('170.4906');
    expect(convertedPrice('100', '0.92').toString()).toBe('92');
    expect(convertedPrice('0.00005', '20000').toString()).toBe('1');
    expect(convertedPrice('1.00005', '1').toString()).toBe('1.0001');
  });

  it('keeps 6 significant digits below 1, at most 12 decimals', () => {
    expect(convertedPrice('0.00001234567', '0.9').toString()).toBe('0.0000111111');
    expect(convertedPrice('0.5', '1.2345678').toString()).toBe('0.617284');
    expect(convertedPrice('0.000000000001', '0.4').toFixed()).toBe('0');
  });

  it('refuses a rate of zero or below', () => {
    expect(() => convertedPrice('10', '0')).toThrow();
    expect(() => convertedPrice('10', '-1')).toThrow();
  });

  it('stays within half a unit of its last kept digit of the exact product', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (cents, micro) => {
          const price = dec(cents).div(100);
          const rate = dec(micro).div(1_000_000);
          const exact = price.times(rate);
          const shown = convertedPrice(price, rate);
          const unit = exact.gte(1)
            ? dec('0.0001')
            : dec(10)
                  .pow(exact.e - 5)
                  .gte('1e-12')
              ? dec(10).pow(exact.e - 5)
              : dec('1e-12');
          expect(shown.minus(exact).abs().lte(unit.div(2))).toBe(true);
        },
      ),
    );
  });
});
