import { describe, expect, it } from 'vitest';
import { formatVolume } from './volume';

describe('volume format (K from 1,000, M from 1,000,000)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1.0K'],
    [1_234, '1.2K'],
    [15_500, '15.5K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [1_234_567, '1.2M'],
    [2_500_000_000, '2500.0M'],
    ['1234', '1.2K'],
  ])('%s shows as %s', (volume, shown) => {
    expect(formatVolume(volume)).toBe(shown);
  });

  it('shows nothing for a negative or non-numeric volume', () => {
    expect(formatVolume(-1)).toBe('');
    expect(formatVolume('abc')).toBe('');
  });
});
