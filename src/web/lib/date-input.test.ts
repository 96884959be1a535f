import { describe, expect, it } from 'vitest';
import {
  formatTypedDate,
  inputDateFormat,
  isIsoDate,
  isoToLocalDate,
  localDateToIso,
  parseTypedDate,
} from './date-input';

describe('dates typed in the user’s format', () => {
  it('reads each format, day and month in its place', () => {
    expect(parseTypedDate('05/03/2024', 'dd/MM/yyyy')).toBe('2024-03-05');
    expect(parseTypedDate('05/03/2024', 'MM/dd/yyyy')).toBe('2024-05-03');
    expect(parseTypedDate('2024-03-05', 'yyyy-MM-dd')).toBe('2024-03-05');
  });

  it('takes what people type: short parts, other separators, eight digits, ISO', () => {
    expect(parseTypedDate('5/3/2024', 'dd/MM/yyyy')).toBe('2024-03-05');
    expect(parseTypedDate(' 05.03.2024 ', 'dd/MM/yyyy')).toBe('2024-03-05');
    expect(parseTypedDate('05-03-2024', 'dd/MM/yyyy')).toBe('2024-03-05');
    expect(parseTypedDate('05032024', 'dd/MM/yyyy')).toBe('2024-03-05');
    expect(parseTypedDate('03052024', 'MM/dd/yyyy')).toBe('2024-03-05');
    expect(parseTypedDate('2024-03-05', 'dd/MM/yyyy')).toBe('2024-03-05');
  });

  it('refuses what is no calendar date or is incomplete', () => {
    for (const text of [
      '30/02/2024',
      '31/04/2024',
      '00/01/2024',
      '12/13/2024',
      '5/3/24',
      '05/03',
      'abc',
      '',
    ]) {
      expect(parseTypedDate(text, 'dd/MM/yyyy'), text).toBeNull();
    }
    expect(parseTypedDate('29/02/2024', 'dd/MM/yyyy')).toBe('2024-02-29');
    expect(parseTypedDate('29/02/2023', 'dd/MM/yyyy')).toBeNull();
  });

  it('writes an ISO date in the format, and leaves other text alone', () => {
    expect(formatTypedDate('2024-03-05', 'dd/MM/yyyy')).toBe('05/03/2024');
    expect(formatTypedDate('2024-03-05', 'MM/dd/yyyy')).toBe('03/05/2024');
    expect(formatTypedDate('2024-03-05', 'yyyy-MM-dd')).toBe('2024-03-05');
    expect(formatTypedDate('', 'dd/MM/yyyy')).toBe('');
    expect(formatTypedDate('05/03', 'dd/MM/yyyy')).toBe('05/03');
  });

  it('goes to and from a calendar’s local day without shifting it', () => {
    expect(localDateToIso(isoToLocalDate('1900-01-01')!)).toBe('1900-01-01');
    expect(localDateToIso(isoToLocalDate('2999-12-31')!)).toBe('2999-12-31');
    expect(isoToLocalDate('2024-02-30')).toBeUndefined();
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2024-2-29')).toBe(false);
  });

  it('uses the user’s choice, else the language’s way', () => {
    expect(inputDateFormat('yyyy-MM-dd', 'fr')).toBe('yyyy-MM-dd');
    expect(inputDateFormat(null, 'fr')).toBe('dd/MM/yyyy');
    expect(inputDateFormat(undefined, 'en')).toBe('MM/dd/yyyy');
  });
});
