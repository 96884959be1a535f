import { describe, expect, it } from 'vitest';
import { holdingIdForRef } from './import-common';

/** How an import names the holdings of a file: asset references. */

describe('asset references', () => {
  it('derives one id per portfolio view and ref, stable across calls', () => {
    const real = { portfolioId: '00000000-0000-4000-8000-000000000001', simulationId: null };
    const sim = { ...real, simulationId: '00000000-0000-4000-8000-000000000002' };
    const id = holdingIdForRef(real, 'abc');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(holdingIdForRef(real, 'abc')).toBe(id);
    expect(holdingIdForRef(sim, 'abc')).not.toBe(id);
    expect(holdingIdForRef(real, 'abd')).not.toBe(id);
  });
});
