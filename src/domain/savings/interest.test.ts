import { describe, expect, it } from 'vitest';
import { earlyWithdrawalPenalty, interestOver, isTaxExempt, taxOnInterest } from './interest';

describe('savings interest', () => {
  it('compounds monthly over a year into the effective annual yield', () => {
    // 10000 at 3% monthly: 10000 x ((1.0025)^12 - 1) = 304.16
    expect(interestOver('10000', '0.03', 'monthly', 365).toFixed(2)).toBe('304.16');
    expect(interestOver('10000', '0.03', 'annually', 365).toFixed(2)).toBe('300.00');
    expect(interestOver('10000', '0.03', 'quarterly', 365).toFixed(2)).toBe('303.39');
  });

  it('gives half a year pro rata, and nothing without a rate or days', () => {
    // (1.03)^(0.5) - 1 = 0.014889...
    expect(interestOver('10000', '0.03', 'annually', 182.5).toFixed(2)).toBe('148.89');
    expect(interestOver('10000', '0', 'monthly', 365).toFixed(2)).toBe('0.00');
    expect(interestOver('10000', '0.03', 'monthly', 0).toFixed(2)).toBe('0.00');
  });

  it('withholds tax except on Livret A, LDD and PEL', () => {
    expect(isTaxExempt('livret_a')).toBe(true);
    expect(isTaxExempt('ldd')).toBe(true);
    expect(isTaxExempt('pel')).toBe(true);
    expect(isTaxExempt('savings')).toBe(false);
    expect(taxOnInterest('100.05', '0.3', false).toFixed(2)).toBe('30.02');
    expect(taxOnInterest('100.05', '0.3', true).toFixed(2)).toBe('0.00');
  });

  it('charges the early withdrawal penalty only before maturity with a rate set', () => {
    const base = { amount: '1000', penaltyRatePercent: '2.5', maturityDate: '2027-01-01' };
    expect(earlyWithdrawalPenalty({ ...base, date: '2026-12-31' }).toFixed(2)).toBe('25.00');
    expect(earlyWithdrawalPenalty({ ...base, date: '2027-01-01' }).toFixed(2)).toBe('0.00');
    expect(
      earlyWithdrawalPenalty({ ...base, penaltyRatePercent: null, date: '2026-01-01' }).toFixed(2),
    ).toBe('0.00');
  });
});
