import type { CostBasisMethod, LedgerTransaction, LotSelection } from '../types';

let sequence = 0;

/** A buy of `quantity` at `price` on `date` (fees 0, rate 1 unless given). */
export function buy(
  quantity: string,
  price: string,
  date: string,
  extra: Partial<LedgerTransaction> = {},
): LedgerTransaction {
  sequence += 1;
  return {
    id: `buy-${sequence}`,
    type: 'buy',
    quantity,
    price,
    fees: '0',
    exchangeRateToBase: '1',
    tradeDate: date,
    ...extra,
  };
}

/** A sale of `quantity` at `price` on `date` by `method` (FIFO unless given). */
export function sell(
  quantity: string,
  price: string,
  date: string,
  method: CostBasisMethod = 'fifo',
  extra: Partial<LedgerTransaction> & { selectedLots?: LotSelection[] } = {},
): LedgerTransaction {
  sequence += 1;
  return {
    id: `sell-${sequence}`,
    type: 'sell',
    quantity,
    price,
    fees: '0',
    exchangeRateToBase: '1',
    tradeDate: date,
    costBasisMethod: method,
    ...extra,
  };
}
