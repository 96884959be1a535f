import DecimalJs from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExactSum } from './exact-sum';

/** A wide decimal, so the reference sum is exact too. */
const Wide = DecimalJs.clone({ precision: 200 });

const decimalString = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 28 }))
  .map(([negative, digits, scale]) => {
    const text = digits.toString().padStart(scale + 1, '0');
    const plain = scale ? `${text.slice(0, text.length - scale)}.${text.slice(-scale)}` : text;
    return negative ? `-${plain}` : plain;
  });
const small = fc
  .tuple(fc.integer({ min: -99_999_999, max: 99_999_999 }), fc.integer({ min: 0, max: 8 }))
  .map(([units, scale]) => new Wide(units).div(new Wide(10).pow(scale)).toFixed());

describe('an exact sum', () => {
  it('adds decimal strings and products exactly, small or huge', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.oneof(small, decimalString), fc.oneof(small, decimalString), fc.boolean()),
        ),
        (terms) => {
          const sum = new ExactSum();
          let reference = new Wide(0);
          for (const [a, b, product] of terms) {
            if (product) {
              sum.addProduct(a, b, -1);
              reference = reference.minus(new Wide(a).mul(b));
            } else {
              sum.add(a);
              reference = reference.plus(a);
            }
          }
          expect(new Wide(sum.toDecimal().toFixed()).eq(reference)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads exponents and shifts', () => {
    expect(new ExactSum().add('1e-7').add('2.5', 1, 2).toDecimal().toFixed()).toBe('0.0250001');
  });
});
