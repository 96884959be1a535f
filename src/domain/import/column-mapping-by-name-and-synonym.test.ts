import { describe, expect, it } from 'vitest';
import { normaliseHeader, resolveMapping } from './mapping';

/**
 * How an import guesses which column fills which field: names compared without case, accents or
 * separators, the field's own name before other names, given mappings first.
 */

describe('column mapping', () => {
  it('compares names without case, accents, spaces, dashes or underscores', () => {
    expect(normaliseHeader('Purchase Price')).toBe('purchaseprice');
    expect(normaliseHeader('purchase_price')).toBe('purchaseprice');
    expect(normaliseHeader('Quantité')).toBe('quantite');
    expect(normaliseHeader('Date d’achat')).toBe('datedachat');
  });

  it('guesses fields from their names and French or English synonyms, in the fields’ order', () => {
    const result = resolveMapping(
      ['name', 'quantity', 'purchasePrice'],
      ['purchase_price', 'Qté', 'Nom', 'Other'],
      undefined,
    );
    expect(result.issues).toEqual([]);
    expect(Object.entries(result.mapping)).toEqual([
      ['name', 'Nom'],
      ['quantity', 'Qté'],
      ['purchasePrice', 'purchase_price'],
    ]);
  });

  it('gives a column to the field it names before another field whose synonym it is', () => {
    const result = resolveMapping(['accountName', 'name'], ['name', 'account'], undefined);
    expect(result.mapping).toEqual({ accountName: 'account', name: 'name' });
  });

  it('takes given mappings first, leaves out a field mapped to nothing, refuses unknown columns', () => {
    const result = resolveMapping(['name', 'quantity', 'symbol'], ['Nom', 'Quantity', 'Ticker'], {
      symbol: 'Nom',
      quantity: '',
      name: 'Missing',
      unknownField: 'Ticker',
    });
    expect(result.mapping).toEqual({ symbol: 'Nom' });
    expect(result.issues).toEqual([
      {
        row: 1,
        field: 'name',
        code: 'unknownColumn',
        params: { column: 'Missing' },
        message: 'The file has no column Missing',
      },
    ]);
  });
});
