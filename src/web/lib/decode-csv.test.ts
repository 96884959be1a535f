import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, readCsvFile } from './decode-csv';

const header = 'classe;nom;quantité;prix;échéance\n';

/** Windows-1252 bytes of Latin-1 text (the characters below 256 are their own code). */
const windows1252 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

function utf16(text: string, endian: 'le' | 'be', bom = true) {
  const bytes: number[] = bom ? (endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    const pair = [code & 0xff, code >> 8];
    bytes.push(...(endian === 'le' ? pair : pair.reverse()));
  }
  return Uint8Array.from(bytes);
}

describe('decodeCsvBytes', () => {
  it('reads UTF-8 with or without its byte order mark, the mark left out', () => {
    const plain = new TextEncoder().encode(header);
    expect(decodeCsvBytes(plain)).toEqual({ text: header, encoding: 'utf-8' });
    const marked = Uint8Array.from([0xef, 0xbb, 0xbf, ...plain]);
    expect(decodeCsvBytes(marked)).toEqual({ text: header, encoding: 'utf-8' });
  });

  it('reads a French Excel file saved in Windows-1252 (not valid UTF-8) without losing an accent', () => {
    // 0xE9 is é, 0x80 the euro sign, 0x92 a typographic apostrophe in Windows-1252.
    const bytes = windows1252(`${header}livret;Livret d\u0092épargne;1;10\u0080;01/02/2030\n`);
    const decoded = decodeCsvBytes(bytes);
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text).toBe(`${header}livret;Livret d’épargne;1;10€;01/02/2030\n`);
    expect(decoded.text).not.toContain('\uFFFD');
  });

  it('reads UTF-16 little- and big-endian by their byte order mark', () => {
    expect(decodeCsvBytes(utf16(header, 'le'))).toEqual({ text: header, encoding: 'utf-16le' });
    expect(decodeCsvBytes(utf16(header, 'be'))).toEqual({ text: header, encoding: 'utf-16be' });
  });

  it('keeps U+FFFD for bytes a marked UTF-8 file cannot hold, for the server to refuse', () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...windows1252('quantité\n')]);
    expect(decodeCsvBytes(bytes).text).toBe('quantit\uFFFD\n');
  });

  it('reads a chosen file by its bytes', async () => {
    const file = new File([windows1252('nom;quantité\n')], 'export.csv', { type: 'text/csv' });
    expect(await readCsvFile(file)).toBe('nom;quantité\n');
  });
});
