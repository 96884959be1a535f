import { describe, expect, it } from 'vitest';
import { statusChangeMovesLedger, TRANSACTION_STATUSES } from './transactions';

describe('a status change and the ledger', () => {
  it('moves the ledger only into or out of cancelled', () => {
    const moves = TRANSACTION_STATUSES.flatMap((from) =>
      TRANSACTION_STATUSES.filter((to) => statusChangeMovesLedger(from, to)).map(
        (to) => `${from}->${to}`,
      ),
    );
    expect(moves.sort()).toEqual([
      'cancelled->completed',
      'cancelled->pending',
      'completed->cancelled',
      'pending->cancelled',
    ]);
  });
});
