import fc from 'fast-check';

/**
 * Bad and extreme input for any field: wrong types, extremes of numbers and decimals, U+0000,
 * lone surrogates, huge strings, unicode, dates PostgreSQL or the product cannot hold.
 */

const HUGE = 'x'.repeat(200_000);

export const UNSTORABLE_TEXTS = [
  '\u0000',
  'a\u0000b',
  'Fuzz\u0000',
  '\uD800',
  'x\uDC00',
  '\uDE00\uD83D',
];

export const BAD_DATES = [
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '3000-01-01',
  '9999-12-31',
  '+010000-01-01',
  '-000001-01-01',
  '2024-02-30',
  '2024-13-01',
  '2024-1-1',
  '2024-01-01T00:00:00Z',
  '2999-12-31',
  '1900-01-01',
  '01/02/2024',
];

const EXTREMES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  0.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 63),
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '999999999999999',
  '999999999999999.999999999999',
  '0.000000000001',
  '１２３',
  '١٢٣',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '💶💷💵',
  'É'.repeat(5_000),
  HUGE,
  '\u202Egnp.exe',
  "'; DROP TABLE users; --",
  '%00',
  '\\u0000',
  [],
  [null],
  {},
  { __proto__: null, constructor: 'x' },
  Array.from({ length: 2_000 }, () => 'x'),
];

/**
 * Values at the edge of what a field may hold, by the kind of its valid sample: dates at and past
 * the ends of the range, decimals of the most digits, long unicode text, huge numbers.
 */
export function extremesFor(sample: unknown): unknown[] {
  if (typeof sample === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(sample))
    return ['0000-01-01', '1900-01-01', '2999-12-31', '9999-12-31'];
  if (typeof sample === 'string' && /^\d+(\.\d+)?$/.test(sample))
    return ['999999999999999.999999999999', '0.000000000001'];
  if (typeof sample === 'string') return ['É'.repeat(3_000)];
  if (typeof sample === 'number') return [1e308, -1];
  return [];
}

/** Any bad or extreme value, of any type. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...EXTREMES), weight: 4 },
  { arbitrary: fc.constantFrom(...UNSTORABLE_TEXTS), weight: 3 },
  { arbitrary: fc.constantFrom(...BAD_DATES), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
  {
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
    ),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(
        fc.integer({ min: 0, max: 99_999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
      )
      .map(
        ([y, m, d]) =>
          `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
      ),
    weight: 2,
  },
  {
    arbitrary: fc.array(fc.constantFrom<unknown>('x', 1, null, '\u0000'), { maxLength: 3 }),
    weight: 1,
  },
);

/** Bad values for a query parameter or a path segment (they travel as text). */
export const badText: fc.Arbitrary<string> = badValue.map((value) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)),
);

/** Path ids: too long for the router, not ids, NUL, ids of nothing. */
export const BAD_IDS = [
  '%00',
  'x%00',
  'a'.repeat(101),
  'a'.repeat(5_000),
  '0',
  '-1',
  '..',
  '%2E%2E%2F',
  '%F0%9F%92%B6',
  '%ED%A0%80',
  '%E0%A4%A',
  '00000000-0000-0000-0000-000000000000',
  '7b1cbd4e-1c5f-4cbb-9d2c-2f8c2f6f0a11',
  '7B1CBD4E-1C5F-4CBB-9D2C-2F8C2F6F0A11',
  '7b1cbd4e-1c5f-4cbb-9d2c-2f8c2f6f0a11%00',
];

/** Query-string text: encodeURIComponent, or a raw escape for what it cannot encode. */
export function encodeQueryValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate: sent as the bytes a careless client would write.
    return escape(value);
  }
}
