import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTransactionBodySchema, updateTransactionBodySchema } from './transactions';
import { changeRateBodySchema, savingsMovementBodySchema } from './savings';
import { createHoldingBodySchema } from './holdings';
import { createValuationBodySchema } from './holding-valuations';
import {
  decimalProblem,
  DATE_MAX,
  DATE_MIN,
  isInDateRange,
  isNotFuture,
  isoDate,
  isoDateTime,
  isInstantInDateRange,
  isStorableText,
  latestToday,
  pastDate,
  pastIsoDate,
  text,
} from './input-rules';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/** What UTF-8 (and so PostgreSQL) keeps of a string: a lone surrogate comes back as U+FFFD. */
const survivesUtf8 = (value: string) =>
  new TextDecoder().decode(new TextEncoder().encode(value)) === value;

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('the text rule', () => {
  it('refuses U+0000 and lone surrogates, and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
        expect(isStorableText(value)).toBe(!value.includes('\u0000') && survivesUtf8(value));
      }),
      { numRuns: 500, seed: 12 },
    );
  });

  it('keeps whole characters of every plane, however they are written', () => {
    for (const value of ['', 'Épargne', '貯蓄', '💶 savings', 'a\u200Db', '\uD83D\uDE00', '\t\n'])
      expect(isStorableText(value)).toBe(true);
    for (const value of ['a\u0000b', '\u0000', '\uD800', 'x\uDC00', '\uDE00\uD83D', 'ok\uD83D'])
      expect(isStorableText(value)).toBe(false);
  });

  it('answers with the shared message, before any other rule of the field', () => {
    const name = text({ message: 'Name is required' }).trim().min(1, 'Name is required').max(5);
    expect(messages(name.safeParse('a\u0000b'))).toEqual([M.textUnstorable]);
    expect(messages(name.safeParse('\uD800'))).toEqual([M.textUnstorable]);
    expect(messages(name.safeParse(' ab '))).toEqual([]);
    expect(name.parse(' ab ')).toBe('ab');
  });

  it('reads a huge text in linear time without overflowing', () => {
    expect(isStorableText('é'.repeat(2_000_000))).toBe(true);
    expect(isStorableText(`${'\uD83D\uDE00'.repeat(1_000_000)}\uD800`)).toBe(false);
  });
});

describe('the date rules', () => {
  it('hold dates from 1900-01-01 to 2999-12-31', () => {
    expect([DATE_MIN, DATE_MAX]).toEqual(['1900-01-01', '2999-12-31']);
    for (const value of ['1900-01-01', '2024-02-29', '2999-12-31']) {
      expect(isInDateRange(value)).toBe(true);
      expect(isoDate().safeParse(value).success).toBe(true);
    }
    for (const value of ['0000-01-01', '1899-12-31', '3000-01-01', '9999-12-31']) {
      expect(isInDateRange(value)).toBe(false);
      expect(messages(isoDate().safeParse(value))).toEqual([M.dateOutOfRange]);
      expect(messages(pastDate('Purchase date is required').safeParse(value))).toEqual([
        M.dateOutOfRange,
      ]);
    }
    expect(messages(isoDate().safeParse('2024-02-30'))).toEqual([M.dateInvalid]);
    expect(messages(pastDate('Purchase date is required').safeParse(''))).toEqual([
      'Purchase date is required',
    ]);
  });

  it('take "today" where it is latest on Earth (UTC+14)', () => {
    // 10:00 UTC on 31 December is already 1 January in Kiribati (UTC+14).
    expect(latestToday(new Date('2025-12-31T09:59:59Z'))).toBe('2025-12-31');
    expect(latestToday(new Date('2025-12-31T10:00:00Z'))).toBe('2026-01-01');
    const now = new Date('2025-12-31T10:00:00Z');
    expect(isNotFuture('2026-01-01', now)).toBe(true);
    expect(isNotFuture('2026-01-02', now)).toBe(false);
  });

  it('no one is refused their own today, whatever their time zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: -12 * 60, max: 14 * 60 }),
        (now, offsetMinutes) => {
          const local = new Date(now.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
          expect(isNotFuture(local, now)).toBe(true);
        },
      ),
      { numRuns: 300, seed: 12 },
    );
  });

  it('refuse a transaction, savings movement or rate change dated after today', () => {
    const tomorrow = new Date(`${latestToday()}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const future = tomorrow.toISOString().slice(0, 10);
    const today = latestToday();
    const trade = {
      assetId: '0b5f1c2e-8a4d-4f7e-9c3b-2d1e0f9a8b7c',
      transactionType: 'buy',
      quantity: '1',
      price: '10',
    };
    expect(
      messages(createTransactionBodySchema.safeParse({ ...trade, tradeDate: future })),
    ).toEqual([M.dateInFuture]);
    expect(createTransactionBodySchema.safeParse({ ...trade, tradeDate: today }).success).toBe(
      true,
    );
    expect(messages(updateTransactionBodySchema.safeParse({ tradeDate: future }))).toEqual([
      M.dateInFuture,
    ]);
    const movement = { transactionType: 'deposit', amount: '10', transactionDate: future };
    expect(messages(savingsMovementBodySchema.safeParse(movement))).toEqual([M.dateInFuture]);
    expect(
      messages(changeRateBodySchema.safeParse({ interestRate: '3', startDate: future })),
    ).toEqual([M.dateInFuture]);
    // A trade settles after it is made: its settlement date may be later than today.
    expect(
      createTransactionBodySchema.safeParse({ ...trade, tradeDate: today, settlementDate: future })
        .success,
    ).toBe(true);
    expect(messages(pastIsoDate().safeParse('9999-12-31'))).toEqual([M.dateOutOfRange]);
  });
});

describe('the instant rule', () => {
  it('reads the instant in UTC and keeps it inside the dates the product holds', () => {
    const schema = isoDateTime();
    expect(schema.safeParse('2026-11-28T10:00:00+01:00').success).toBe(true);
    expect(schema.safeParse('2999-12-31T23:59:59Z').success).toBe(true);
    expect(messages(schema.safeParse('9999-12-31T23:59:59-14:00'))).toEqual([M.dateOutOfRange]);
    expect(messages(schema.safeParse('2999-12-31T23:00:00-14:00'))).toEqual([M.dateOutOfRange]);
    expect(messages(schema.safeParse('1900-01-01T00:30:00+01:00'))).toEqual([M.dateOutOfRange]);
    expect(messages(schema.safeParse('tomorrow'))).toEqual([M.dateInvalid]);
  });

  it('agrees with the UTC calendar date for any instant and offset', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1800-01-01T00:00:00Z'),
          max: new Date('3100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        (date, offsetMinutes) => {
          const local = new Date(date.getTime() + offsetMinutes * 60_000)
            .toISOString()
            .slice(0, 19);
          const sign = offsetMinutes < 0 ? '-' : '+';
          const abs = Math.abs(offsetMinutes);
          const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
          const day = date.toISOString().slice(0, 10);
          expect(isInstantInDateRange(`${local}${offset}`)).toBe(
            day >= DATE_MIN && day <= DATE_MAX,
          );
        },
      ),
      { numRuns: 300, seed: 26 },
    );
  });
});

describe('the decimal rules', () => {
  const trade = {
    assetId: '0b5f1c2e-8a4d-4f7e-9c3b-2d1e0f9a8b7c',
    transactionType: 'buy',
    quantity: '1',
    price: '10',
    tradeDate: '2024-01-10',
  };
  const crypto = {
    class: 'crypto',
    symbol: 'BTC',
    name: 'Bitcoin',
    quantity: '0.5',
    purchasePrice: '30000',
    currentPrice: '60000',
    purchaseDate: '2023-05-01',
  };
  const price32 = '12345678901234567890123456789012';

  it('say a number is too large rather than not a number, or not positive', () => {
    expect(
      messages(createTransactionBodySchema.safeParse({ ...trade, quantity: '1e309' })),
    ).toEqual([M.numberTooLarge]);
    expect(messages(createTransactionBodySchema.safeParse({ ...trade, price: price32 }))).toEqual([
      M.numberTooLarge,
    ]);
    expect(messages(createHoldingBodySchema.safeParse({ ...crypto, quantity: '1e309' }))).toEqual([
      M.numberTooLarge,
    ]);
    expect(
      messages(createHoldingBodySchema.safeParse({ ...crypto, purchasePrice: price32 })),
    ).toEqual([M.numberTooLarge]);
    // A JSON number is judged as the number it is, not as JavaScript prints it (1e+21).
    expect(messages(createTransactionBodySchema.safeParse({ ...trade, price: 1e21 }))).toEqual([
      M.numberTooLarge,
    ]);
    expect(createTransactionBodySchema.safeParse({ ...trade, price: 1e-7 }).success).toBe(true);
    // Fields with their own ceiling say it.
    expect(
      messages(createValuationBodySchema.safeParse({ date: '2024-01-10', value: price32 })),
    ).toEqual([M.valueTooLarge]);
    expect(
      messages(createValuationBodySchema.safeParse({ date: '2024-01-10', value: '2000000000000' })),
    ).toEqual([M.valueTooLarge]);
  });

  it('name an exponent, too many decimals, and keep each field’s own messages', () => {
    expect(messages(createTransactionBodySchema.safeParse({ ...trade, quantity: '1e3' }))).toEqual([
      M.numberExponent,
    ]);
    expect(
      messages(createTransactionBodySchema.safeParse({ ...trade, price: '1.1234567890123' })),
    ).toEqual([M.numberTooManyDecimals]);
    // A crypto quantity allows 8 decimals: its own message, not the general one.
    expect(
      messages(createHoldingBodySchema.safeParse({ ...crypto, quantity: '0.1234567890123' })),
    ).toEqual([M.cryptoQuantityDecimals]);
    expect(messages(createTransactionBodySchema.safeParse({ ...trade, quantity: '-1' }))).toEqual([
      M.quantityPositive,
    ]);
    expect(messages(createTransactionBodySchema.safeParse({ ...trade, quantity: '0' }))).toEqual([
      M.quantityPositive,
    ]);
    expect(messages(createTransactionBodySchema.safeParse({ ...trade, price: 'ten' }))).toEqual([
      M.numberInvalid,
    ]);
    expect(messages(createTransactionBodySchema.safeParse({ ...trade, price: '-1' }))).toEqual([
      M.priceNegative,
    ]);
  });

  it('tell each case apart', () => {
    expect(decimalProblem('999999999999999.999999999999')).toBeNull();
    expect(decimalProblem('1000000000000000')).toBe('tooLarge');
    expect(decimalProblem('0000000000000001')).toBe('notANumber');
    expect(decimalProblem('Infinity')).toBe('tooLarge');
    expect(decimalProblem('1.5e14')).toBe('exponent');
    expect(decimalProblem('1.5e15')).toBe('tooLarge');
    expect(decimalProblem('0.0001e18')).toBe('exponent');
    expect(decimalProblem('0.0001e19')).toBe('tooLarge');
    expect(decimalProblem('12.')).toBe('notANumber');
    expect(decimalProblem('1,5')).toBe('notANumber');
  });
});
