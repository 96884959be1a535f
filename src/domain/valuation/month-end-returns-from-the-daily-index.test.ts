import { describe, expect, it } from 'vitest';
import { toDay } from './dates';
import { monthEndReturns } from './performance';

/** A TWR index over a range: index[k] is after day startIndex + k - 1 (index[0], the opening). */
const rising = (length: number) => Float64Array.from({ length }, (_, k) => 1 + 0.01 * k);

describe('month-end returns', () => {
  it('take the index on each month’s last day, complete months only', () => {
    // Days from 2024-01-15 to 2024-04-04 (80): month ends on Jan 31 (day 16), Feb 29 (45), Mar 31 (76).
    const firstDay = toDay('2024-01-15');
    const index = rising(82);
    const returns = monthEndReturns(firstDay, 0, 80, index);
    expect(returns).toHaveLength(2);
    expect(returns[0]).toBeCloseTo(index[46]! / index[17]! - 1, 12);
    expect(returns[1]).toBeCloseTo(index[77]! / index[46]! - 1, 12);
  });

  it('count the range’s opening day when it ends a month', () => {
    // A range from 2024-02-01: its opening day, Jan 31, is a month end (index[0] = 1).
    const firstDay = toDay('2024-01-15');
    const index = rising(80 - 17 + 2);
    const returns = monthEndReturns(firstDay, 17, 80, index);
    expect(returns).toHaveLength(2);
    expect(returns[0]).toBeCloseTo(index[29]! / index[0]! - 1, 12);
    expect(returns[1]).toBeCloseTo(index[60]! / index[29]! - 1, 12);
  });

  it('are none within a single month', () => {
    expect(monthEndReturns(toDay('2024-03-02'), 0, 20, rising(22))).toEqual([]);
  });
});
