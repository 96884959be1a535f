import { describe, expect, it } from 'vitest';
import { annualisedVolatility, maxDrawdown } from './risk';
import { annualise, chainReturns, dailyReturn, periodReturn } from './returns';

describe('risk figures', () => {
  it('annualise the sample standard deviation of daily returns with sqrt(365)', () => {
    // mean 0.01; deviations -0.01, +0.01, -0.01, +0.01: sample variance 4e-4 / 3.
    const returns = [0, 0.02, 0, 0.02];
    expect(annualisedVolatility(returns)).toBeCloseTo(Math.sqrt((4e-4 / 3) * 365), 12);
    expect(annualisedVolatility([0.01])).toBeNull();
  });

  it('measure the largest fall from a peak', () => {
    expect(maxDrawdown([1, 1.2, 0.9, 1.1, 1.3, 1.04])).toBeCloseTo(0.9 / 1.2 - 1, 12);
    expect(maxDrawdown([1, 1.1, 1.2])).toBe(0);
  });
});

describe('return helpers', () => {
  it('take money in at the start of the day and money out at its end', () => {
    expect(dailyReturn(1100, 1000, 0, 0)).toBeCloseTo(0.1, 12);
    expect(dailyReturn(2200, 1000, 1000, 0)).toBeCloseTo(0.1, 12);
    expect(dailyReturn(0, 1000, 0, 1100)).toBeCloseTo(0.1, 12);
    expect(dailyReturn(0, 0, 0, 0)).toBe(0);
  });

  it('chain and annualise', () => {
    expect(chainReturns([0.1, -0.1])).toBeCloseTo(-0.01, 12);
    expect(annualise(0.21, 730)).toBeCloseTo(0.1, 3);
    expect(annualise(0.05, 364)).toBeNull();
    expect(periodReturn(0.1, 730)).toBeCloseTo(0.21, 3);
  });
});
