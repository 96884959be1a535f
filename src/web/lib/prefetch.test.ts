import { describe, expect, it } from 'vitest';
import { canPrefetch } from './prefetch';

const nav = (connection?: { effectiveType?: string; saveData?: boolean }, deviceMemory?: number) =>
  ({ connection, deviceMemory }) as unknown as Navigator;

describe('prefetching (spec 002: 4g or 3g, no data saver, 4 GB of memory or more)', () => {
  it.each([
    [nav({ effectiveType: '4g' }, 8), true],
    [nav({ effectiveType: '3g' }, 4), true],
    [nav({ effectiveType: '2g' }, 8), false],
    [nav({ effectiveType: 'slow-2g' }, 8), false],
    [nav({ effectiveType: '4g', saveData: true }, 8), false],
    [nav({ effectiveType: '4g' }, 2), false],
    // Browsers that report neither (Firefox, Safari) are not held back.
    [nav(undefined, undefined), true],
    [nav({ saveData: true }, undefined), false],
  ])('%o → %s', (navigator, expected) => {
    expect(canPrefetch(navigator)).toBe(expected);
  });
});
