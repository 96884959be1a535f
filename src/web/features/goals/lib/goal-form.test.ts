import { describe, expect, it } from 'vitest';
import { emptyFields, localToday, toGoalBody, yearsAfter } from './goal-form';

describe('the goal form', () => {
  it('counts years on the calendar, 29 February landing on the 28th', () => {
    expect(yearsAfter('2026-11-29', 1)).toBe('2027-11-29');
    expect(yearsAfter('2028-02-29', 1)).toBe('2029-02-28');
    expect(yearsAfter('2028-02-29', 4)).toBe('2032-02-29');
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('sends amounts as the API takes them, and an empty description as none', () => {
    const fields = {
      ...emptyFields('EUR', '2026-11-29'),
      title: ' Trip ',
      targetAmount: '1 234,50',
      measure: 'manual' as const,
      currentAmount: '',
    };
    expect(toGoalBody(fields)).toEqual({
      body: {
        title: 'Trip',
        description: null,
        category: 'other',
        priority: 'medium',
        status: 'active',
        targetAmount: '1234.50',
        currency: 'EUR',
        targetDate: '2027-11-29',
        measure: { kind: 'manual', currentAmount: '0' },
      },
    });
    expect(toGoalBody({ ...fields, targetAmount: '-5', currentAmount: 'abc' })).toEqual({
      errors: { targetAmount: expect.any(String), currentAmount: expect.any(String) },
    });
  });
});
