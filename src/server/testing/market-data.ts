import type { DbOrTx } from '../db/client';
import { fxRates, instrumentPrices, instruments } from '../db/schema';

/**
 * The valuation tests' market, written straight to the database: AAPL in USD closing at 100 on
 * 2024-01-10, 150 on 2024-02-29 and 160 on 2024-03-01; one euro buys 1.1 USD from 2024-01-01
 * and 1.25 USD from 2024-03-01.
 */
export async function insertAppleInUsd(
  db: DbOrTx,
  details: { sector?: string; country?: string } = {},
) {
  const [apple] = await db
    .insert(instruments)
    .values({ symbol: 'AAPL', name: 'Apple', kind: 'stock', currency: 'USD', ...details })
    .returning();
  if (!apple) throw new Error('insert failed');
  await db.insert(instrumentPrices).values([
    { instrumentId: apple.id, priceDate: '2024-01-10', close: '100' },
    { instrumentId: apple.id, priceDate: '2024-02-29', close: '150' },
    { instrumentId: apple.id, priceDate: '2024-03-01', close: '160' },
  ]);
  await db.insert(fxRates).values([
    { currency: 'USD', rateDate: '2024-01-01', rate: '1.1' },
    { currency: 'USD', rateDate: '2024-03-01', rate: '1.25' },
  ]);
  return apple;
}
