import { describe, expect, it } from 'vitest';
import { escapeFormula, undecodableLine, unescapeFormula } from './csv';

/** The formula escape of exports and imports, both ways, and text decoded in the wrong encoding. */

describe('formula escape', () => {
  it('escapes formula starts with a quote and a quote the user typed with one more, both ways', () => {
    const cases: [string, string][] = [
      ['=1+1', "'=1+1"],
      ['+33 6', "'+33 6"],
      ['-2', "'-2"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\tx', "'\tx"],
      ["'=x", "''=x"],
      ["''=x", "'''=x"],
      ["'-73.98", "''-73.98"],
    ];
    for (const [value, written] of cases) {
      expect(escapeFormula(value)).toBe(written);
      expect(unescapeFormula(written)).toBe(value);
    }
    for (const value of ['Apple', "'quoted", "l'été", '1.5', '', "'"]) {
      expect(escapeFormula(value)).toBe(value);
      expect(unescapeFormula(value)).toBe(value);
    }
  });
});

describe('encoding', () => {
  it('finds the line of a character the client could not decode', () => {
    expect(undecodableLine('a;b\n1;2\n')).toBeNull();
    expect(undecodableLine('classe;quantit\uFFFD\nx;1\n')).toBe(1);
    expect(undecodableLine('a\r\nb\r\nc\uFFFD')).toBe(3);
  });
});
