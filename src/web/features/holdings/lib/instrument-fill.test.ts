import { describe, expect, it } from 'vitest';
import { type Instrument, instrumentSchema } from '@/contracts/market-data';
import { fillFromInstrument } from './instrument-fill';

const instrument = (overrides: Partial<Instrument> = {}) =>
  instrumentSchema.parse({
    symbol: 'AAPL',
    name: 'Apple Inc.',
    kind: 'stock',
    exchange: 'NASDAQ',
    currency: 'USD',
    sector: 'Technology',
    country: 'US',
    latestClose: '266.25',
    latestDate: '2026-11-20',
    source: 'stored',
    ...overrides,
  });

describe('fillFromInstrument', () => {
  it('fills symbol, name, currency, exchange, sector and price of a market holding', () => {
    expect(fillFromInstrument('market', instrument())).toEqual({
      values: {
        symbol: 'AAPL',
        name: 'Apple Inc.',
        currency: 'USD',
        exchange: 'NASDAQ',
        sector: 'Technology',
        currentPrice: '266.25',
      },
      note: null,
    });
  });

  it('turns a London price in pence into pounds, and says so', () => {
    const fill = fillFromInstrument(
      'market',
      instrument({ symbol: 'VOD.L', exchange: 'LSE', currency: 'GBp', latestClose: '72.54' }),
    );
    expect(fill.values).toMatchObject({ currency: 'GBP', currentPrice: '0.7254', exchange: 'LSE' });
    expect(fill.note).toEqual({ kind: 'pence' });
    expect(fillFromInstrument('market', instrument({ currency: 'GBX' })).values.currency).toBe(
      'GBP',
    );
  });

  it('fills neither currency nor price in a currency the form does not offer', () => {
    const fill = fillFromInstrument('market', instrument({ currency: 'CHF' }));
    expect(fill.values).not.toHaveProperty('currency');
    expect(fill.values).not.toHaveProperty('currentPrice');
    expect(fill.note).toEqual({ kind: 'currencyUnsupported', currency: 'CHF' });
    expect(fillFromInstrument('market', instrument({ currency: null })).note).toEqual({
      kind: 'currencyUnknown',
    });
  });

  it('leaves a select empty for a value it does not list, and fills only fields the class has', () => {
    const market = fillFromInstrument('market', instrument({ exchange: 'XETRA', sector: 'Other' }));
    expect(market.values).not.toHaveProperty('exchange');
    expect(market.values).not.toHaveProperty('sector');
    const crypto = fillFromInstrument(
      'crypto',
      instrument({ symbol: 'BTC', name: 'Bitcoin', kind: 'crypto', exchange: 'Coinbase' }),
    );
    expect(crypto.values).toEqual({
      symbol: 'BTC',
      name: 'Bitcoin',
      currency: 'USD',
      exchange: 'Coinbase',
      currentPrice: '266.25',
    });
  });
});
