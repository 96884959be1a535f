import { describe, expect, it } from 'vitest';
import { LedgerError, unsupportedType } from './errors';
import { replayHolding } from './replay';
import { buy, sell } from './testing/builders';

describe('insufficient balance', () => {
  it('refuses selling more than is held, with both figures', () => {
    try {
      replayHolding([buy('10', '100', '2024-01-01'), sell('12.5', '100', '2024-02-01')]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LedgerError);
      expect((error as LedgerError).message).toBe(
        'Insufficient balance. Available: 10, Requested: 12.5',
      );
      expect((error as LedgerError).details).toEqual({ available: '10', requested: '12.5' });
    }
  });

  it('judges a back-dated sale against what was held at its date', () => {
    expect(() =>
      replayHolding([sell('1', '100', '2023-12-31'), buy('10', '100', '2024-01-01')]),
    ).toThrow('Insufficient balance. Available: 0, Requested: 1');
  });

  it('names an unsupported transaction type', () => {
    expect(unsupportedType('swap').message).toBe('Unsupported transaction type: swap');
    expect(() =>
      replayHolding([{ ...buy('1', '1', '2024-01-01'), type: 'swap' as 'buy' }]),
    ).toThrow('Unsupported transaction type: swap');
  });
});
