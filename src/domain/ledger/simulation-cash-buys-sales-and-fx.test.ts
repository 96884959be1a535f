import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, Decimal } from '../money/decimal';
import {
  applyCashTransactions,
  type CashTransaction,
  cashBalance,
  cashFlow,
  checkCashChange,
  InsufficientCashError,
} from './cash';
import { TRANSACTION_TYPES } from './types';

const tx = (over: Partial<CashTransaction> & Pick<CashTransaction, 'type'>): CashTransaction => ({
  quantity: '1',
  price: '0',
  fees: '0',
  exchangeRateToBase: '1',
  ...over,
});

describe('simulation cash, worked by hand', () => {
  it('subtracts buys and fees, adds sales, dividends and interest net, in the base currency', () => {
    const history = [
      // 10 x 150 USD + 5 USD fees at 0.9 EUR per USD: 1,354.50 EUR out.
      tx({ type: 'buy', quantity: '10', price: '150', fees: '5', exchangeRateToBase: '0.9' }),
      // 4 x 160 USD - 2 USD fees at 0.95: 606.10 EUR in.
      tx({ type: 'sell', quantity: '4', price: '160', fees: '2', exchangeRateToBase: '0.95' }),
      // 12 EUR dividend, 1 EUR withheld as fees: 11 in.
      tx({ type: 'dividend', quantity: '1', price: '12', fees: '1' }),
      tx({ type: 'interest', quantity: '1', price: '3.5' }),
      // An account fee of 9.99.
      tx({ type: 'fee', quantity: '1', price: '9.99' }),
      // A transfer moves units only.
      tx({ type: 'transfer', quantity: '3', price: '100' }),
      // Pending and cancelled do not count.
      tx({ type: 'buy', quantity: '1', price: '1000', status: 'pending' }),
      tx({ type: 'buy', quantity: '1', price: '1000', status: 'cancelled' }),
    ];
    // 100000 - 1354.50 + 606.10 + 11 + 3.5 - 9.99 = 99256.11
    expect(cashBalance('100000', history).toFixed(2)).toBe('99256.11');
    expect(cashFlow(history[0]!).toFixed(2)).toBe('-1354.50');
    expect(cashFlow(history[1]!).toFixed(2)).toBe('606.10');
  });

  it('refuses a change that lowers the cash below zero, naming what was available', () => {
    expect(() => checkCashChange('100', '-0.01')).toThrow(InsufficientCashError);
    try {
      checkCashChange('100', '-50');
    } catch (error) {
      expect((error as InsufficientCashError).available.toFixed(2)).toBe('100.00');
      expect((error as Error).message).toBe('Not enough cash in this simulation: 100 available.');
    }
    // Down to exactly zero is fine; a rise is fine even below zero.
    expect(() => checkCashChange('100', '0')).not.toThrow();
    expect(() => checkCashChange('-500', '-100')).not.toThrow();
  });

  it('accepts buys up to the cash and refuses the one that would overdraw', () => {
    const { accepted, refused, balance } = applyCashTransactions('1000', [
      tx({ type: 'buy', quantity: '6', price: '100' }),
      tx({ type: 'buy', quantity: '5', price: '100' }),
      tx({ type: 'buy', quantity: '4', price: '100' }),
    ]);
    expect(accepted).toHaveLength(2);
    expect(refused).toHaveLength(1);
    expect(balance.toFixed(2)).toBe('0.00');
  });
});

const cents = (max: number) =>
  fc.integer({ min: 0, max }).map((n) => new Decimal(n).div(100).toFixed());
const transaction: fc.Arbitrary<CashTransaction> = fc.record({
  type: fc.constantFrom(...TRANSACTION_TYPES),
  quantity: fc.integer({ min: 1, max: 1_000_000 }).map((n) => new Decimal(n).div(1000).toFixed()),
  price: cents(10_000_000),
  fees: cents(10_000),
  exchangeRateToBase: fc
    .integer({ min: 1, max: 300_000 })
    .map((n) => new Decimal(n).div(100_000).toFixed()),
  status: fc.constantFrom('completed', 'completed', 'completed', 'pending', 'cancelled'),
});

describe('simulation cash, properties', () => {
  it('equals the initial cash plus the signed sum of the flows', () => {
    fc.assert(
      fc.property(cents(100_000_000), fc.array(transaction, { maxLength: 40 }), (initial, list) => {
        const signed = list.reduce((sum, item) => {
          if (item.status !== 'completed') return sum;
          const rate = dec(item.exchangeRateToBase);
          const gross = dec(item.quantity).mul(item.price).mul(rate);
          const fees = dec(item.fees).mul(rate);
          const outflow = item.type === 'buy' || item.type === 'fee';
          if (item.type === 'transfer') return sum;
          return outflow ? sum.minus(gross).minus(fees) : sum.plus(gross).minus(fees);
        }, new Decimal(0));
        expect(cashBalance(initial, list).eq(dec(initial).plus(signed))).toBe(true);
      }),
    );
  });

  it('never goes below zero along any accepted sequence', () => {
    fc.assert(
      fc.property(cents(10_000_000), fc.array(transaction, { maxLength: 40 }), (initial, list) => {
        const { accepted, balance } = applyCashTransactions(initial, list);
        let running = dec(initial);
        for (const item of accepted) {
          running = running.plus(cashFlow(item));
          expect(running.isNegative()).toBe(false);
        }
        expect(running.eq(balance)).toBe(true);
        expect(balance.eq(cashBalance(initial, accepted))).toBe(true);
      }),
    );
  });
});
