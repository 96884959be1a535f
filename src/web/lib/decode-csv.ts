/**
 * The text of a CSV file from its bytes, in the encoding it was saved in (a browser's
 * `File.text()` reads UTF-8 always, turning a French Excel "CSV (point-virgule)" file, saved in
 * Windows-1252, into 'quantit\uFFFD').
 *
 * - A byte order mark decides: UTF-8 (EF BB BF), UTF-16 little-endian (FF FE) or big-endian
 *   (FE FF). The mark itself is not part of the text.
 * - Without one, the bytes are read as UTF-8 when they are valid UTF-8 (plain ASCII is), and
 *   otherwise as Windows-1252, which every byte sequence is (the Western European Windows and
 *   Excel default; ISO-8859-1 is a subset of it).
 *
 * A file marked UTF-8 or UTF-16 that holds bytes invalid in that encoding keeps U+FFFD for them;
 * the server refuses such text, naming the line, rather than importing it garbled.
 */

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

function bomOf(bytes: Uint8Array): { encoding: CsvEncoding; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: 'utf-8', length: 3 };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const bom = bomOf(bytes);
  if (bom) {
    const text = new TextDecoder(bom.encoding, { ignoreBOM: true }).decode(
      bytes.subarray(bom.length),
    );
    return { text, encoding: bom.encoding };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: windows1252(bytes), encoding: 'windows-1252' };
  }
}

/**
 * Windows-1252 differs from ISO-8859-1 in 0x80-0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™
 * š › œ ž Ÿ). Browsers' TextDecoder('windows-1252') maps them; some runtimes (Node) decode the
 * label as ISO-8859-1, leaving control characters: those are mapped here, so the text is right
 * wherever it runs. The five bytes Windows-1252 leaves undefined stay as they are.
 */
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

function windows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252')
    .decode(bytes)
    .replace(/[\u0080-\u009F]/g, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
}

/** Reads a chosen file as text (see `decodeCsvBytes`). */
export async function readCsvFile(file: Blob): Promise<string> {
  return decodeCsvBytes(new Uint8Array(await file.arrayBuffer())).text;
}
