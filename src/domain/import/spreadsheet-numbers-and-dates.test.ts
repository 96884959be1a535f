import { describe, expect, it } from 'vitest';
import { decimalStyleOf, readDate, readDecimal, readRow } from './values';

/**
 * How an import reads what spreadsheets write: numbers in English and French styles, day-first
 * dates, and a row's cells read by field.
 */

const read = (raw: string, style: 'point' | 'comma') => {
  const result = readDecimal(raw, style);
  return result.ambiguous ? 'ambiguous' : result.value;
};

describe('numbers', () => {
  it('reads a semicolon or tab file as French: decimal commas, spaces or points between thousands', () => {
    expect(decimalStyleOf(';')).toBe('comma');
    expect(decimalStyleOf('\t')).toBe('comma');
    expect(decimalStyleOf(',')).toBe('point');
    const cases: [string, string][] = [
      ['12,5', '12.5'],
      ['0,125', '0.125'],
      ['0,00000001', '0.00000001'],
      ['1 234,56', '1234.56'],
      ['1\u00A0234,56', '1234.56'],
      ['1\u202F234\u202F567,8', '1234567.8'],
      ['12 345', '12345'],
      ['1.234,56', '1234.56'],
      ['1.234.567', '1234567'],
      ['1.234.567,891', '1234567.891'],
      ['-0,57', '-0.57'],
      ['0.5', '0.5'],
      ['12.5', '12.5'],
      ['1234,5678', '1234.5678'],
      ['150', '150'],
    ];
    for (const [raw, value] of cases) expect([raw, read(raw, 'comma')]).toEqual([raw, value]);
  });

  it('refuses, in such a file, what reads two ways instead of guessing', () => {
    // An English 1,000 must never become 1; 1.234 is 1234 to a French reader.
    for (const raw of ['1,000', '12,500', '999,999', '1.234', '12.345', '1,234,567', '1,234.56']) {
      expect([raw, read(raw, 'comma')]).toEqual([raw, 'ambiguous']);
    }
  });

  it('reads a comma-separated file with decimal points, spaces between thousands allowed', () => {
    expect(read('1234.56', 'point')).toBe('1234.56');
    expect(read('1 234.56', 'point')).toBe('1234.56');
    expect(read('0.00000001', 'point')).toBe('0.00000001');
    // Not guessed: left for the field's rule to refuse as not a number.
    expect(read('1,5', 'point')).toBe('1,5');
    expect(read('abc', 'comma')).toBe('abc');
  });
});

describe('dates', () => {
  it('reads ISO and day-first dates, never month first', () => {
    expect(readDate('2024-01-05')).toBe('2024-01-05');
    expect(readDate('2024-1-5')).toBe('2024-01-05');
    expect(readDate('05/01/2024')).toBe('2024-01-05');
    expect(readDate('5/1/2024')).toBe('2024-01-05');
    expect(readDate('31.12.2023')).toBe('2023-12-31');
    expect(readDate('31-12-2023')).toBe('2023-12-31');
    expect(readDate('15/01/2024 00:00')).toBe('2024-01-15');
    // 03/04 is 3 April, always; 04/13 has no 13th month, so it stays invalid.
    expect(readDate('03/04/2024')).toBe('2024-04-03');
    expect(readDate('04/13/2024')).toBe('2024-13-04');
    expect(readDate('01/02/24')).toBe('01/02/24');
    expect(readDate('2024/01/05')).toBe('2024/01/05');
  });
});

describe('rows', () => {
  it('reads numbers, integers and dates by field, and names each ambiguous number with its row', () => {
    const result = readRow(
      7,
      {
        quantity: '1 234,5',
        bedrooms: '3',
        latitude: '-45,5',
        purchaseDate: '15/03/2024',
        price: '1,000',
        name: '1,000 Club',
      },
      'comma',
    );
    expect(result.values).toEqual({
      quantity: '1234.5',
      bedrooms: 3,
      latitude: -45.5,
      purchaseDate: '2024-03-15',
      name: '1,000 Club',
    });
    expect(result.issues).toEqual([
      {
        row: 7,
        field: 'price',
        code: 'numberAmbiguous',
        params: { value: '1,000' },
        message:
          '1,000 can be read as a decimal comma or a thousands separator: write it without thousands separators (1000 or 1,5)',
      },
    ]);
  });
});
