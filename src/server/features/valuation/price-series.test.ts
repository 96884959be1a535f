import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instrumentPrices, instruments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { readPriceSeries } from '../market-data';

/** Migration 0010: the packed series follow instrument_prices through every kind of write. */

let t: TestApp;
const db = () => t.database.db;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

async function instrument(symbol: string, currency = 'USD') {
  const [row] = await db()
    .insert(instruments)
    .values({ symbol, name: symbol, kind: 'stock', currency })
    .returning();
  if (!row) throw new Error('insert failed');
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('packed price series', () => {
  it('holds every close in date order, whatever order they were written in', async () => {
    const id = await instrument('PACK');
    await db()
      .insert(instrumentPrices)
      .values([
        { instrumentId: id, priceDate: '2024-01-03', close: '101.25' },
        { instrumentId: id, priceDate: '2024-01-02', close: '100' },
        { instrumentId: id, priceDate: '1999-12-31', close: '0.000123456789012' },
      ]);
    const series = (await readPriceSeries(db(), ['PACK'])).get('PACK');
    expect(series?.currency).toBe('USD');
    expect([...(series?.days ?? [])]).toEqual([
      day('1999-12-31'),
      day('2024-01-02'),
      day('2024-01-03'),
    ]);
    // 15 significant digits survive the float64 exactly.
    expect([...(series?.closes ?? [])].map(String)).toEqual(['0.000123456789012', '100', '101.25']);
  });

  it('reads many symbols in several queries and misses none', async () => {
    const symbols = Array.from({ length: 150 }, (_, n) => `MANY${n}`);
    for (const [n, symbol] of symbols.entries()) {
      const id = await instrument(symbol);
      await db()
        .insert(instrumentPrices)
        .values({ instrumentId: id, priceDate: '2024-03-01', close: String(n + 1) });
    }
    const read = await readPriceSeries(db(), [...symbols, 'MANY0', 'NOSUCH']);
    expect([...read.keys()].sort()).toEqual([...symbols].sort());
    for (const [n, symbol] of symbols.entries()) {
      expect([...(read.get(symbol)?.closes ?? [])]).toEqual([n + 1]);
    }
  });

  it('follows upserts and deletions, and an instrument with no closes left has none', async () => {
    const id = await instrument('MOVE', 'GBp');
    await db()
      .insert(instrumentPrices)
      .values([
        { instrumentId: id, priceDate: '2024-02-01', close: '250.5' },
        { instrumentId: id, priceDate: '2024-02-02', close: '251' },
      ]);
    await db()
      .insert(instrumentPrices)
      .values({ instrumentId: id, priceDate: '2024-02-02', close: '260' })
      .onConflictDoUpdate({
        target: [instrumentPrices.instrumentId, instrumentPrices.priceDate],
        set: { close: sql`excluded.close` },
      });
    let series = (await readPriceSeries(db(), ['MOVE'])).get('MOVE');
    expect(series?.currency).toBe('GBp');
    expect([...(series?.closes ?? [])]).toEqual([250.5, 260]);

    await db().delete(instrumentPrices).where(eq(instrumentPrices.priceDate, '2024-02-01'));
    series = (await readPriceSeries(db(), ['MOVE'])).get('MOVE');
    expect([...(series?.days ?? [])]).toEqual([day('2024-02-02')]);

    await db().delete(instrumentPrices).where(eq(instrumentPrices.instrumentId, id));
    expect((await readPriceSeries(db(), ['MOVE'])).has('MOVE')).toBe(false);
  });

  it('rebuilds once at commit after many statements in one transaction, and not on rollback', async () => {
    const id = await instrument('BULK');
    await db().transaction(async (tx) => {
      for (let month = 1; month <= 3; month += 1) {
        await tx.insert(instrumentPrices).values({
          instrumentId: id,
          priceDate: `2024-0${month}-01`,
          close: String(month * 10),
        });
      }
    });
    expect([...((await readPriceSeries(db(), ['BULK'])).get('BULK')?.closes ?? [])]).toEqual([
      10, 20, 30,
    ]);
    await expect(
      db().transaction(async (tx) => {
        await tx
          .insert(instrumentPrices)
          .values({ instrumentId: id, priceDate: '2024-04-01', close: '40' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect([...((await readPriceSeries(db(), ['BULK'])).get('BULK')?.closes ?? [])]).toEqual([
      10, 20, 30,
    ]);
  });

  it('answers only the symbols asked for, and nothing for unknown ones', async () => {
    const id = await instrument('ONLY');
    await db()
      .insert(instrumentPrices)
      .values({ instrumentId: id, priceDate: '2024-03-01', close: '5' });
    const found = await readPriceSeries(db(), ['ONLY', 'NOPE']);
    expect([...found.keys()]).toEqual(['ONLY']);
    expect((await readPriceSeries(db(), [])).size).toBe(0);
  });
});
