import { describe, expect, it } from 'vitest';
import { assertBuyDeletable, restoreLots } from './lots';
import { replayHolding } from './replay';
import { buy, sell } from './testing/builders';

describe('sell then delete: the sale’s quantities go back to the lots it used', () => {
  const first = buy('10', '100', '2024-01-10');
  const second = buy('5', '120', '2024-06-01');
  const sale = sell('12', '150', '2025-03-01');

  it('restores exactly what the sale took and reactivates the lots', () => {
    const after = replayHolding([first, second, sale]);
    const restored = restoreLots(after.lots, after.sales[0]?.allocations ?? []);
    expect(restored.map((lot) => [lot.remainingQuantity.toString(), lot.status])).toEqual([
      ['10', 'active'],
      ['5', 'active'],
    ]);
    // The same as never having sold.
    const never = replayHolding([first, second]);
    expect(restored.map((lot) => lot.remainingQuantity.toString())).toEqual(
      never.lots.map((lot) => lot.remainingQuantity.toString()),
    );
  });

  it('refuses to delete a buy whose lot a sale used, and allows it once the sale is gone', () => {
    const after = replayHolding([first, second, sale]);
    expect(() => assertBuyDeletable(after.lots, first.id)).toThrow(
      'This purchase cannot be changed or deleted: a later sale used its shares. Delete that sale first.',
    );
    expect(() => assertBuyDeletable(after.lots, second.id)).toThrow();
    const withoutSale = replayHolding([first, second]);
    expect(() => assertBuyDeletable(withoutSale.lots, first.id)).not.toThrow();
  });
});
