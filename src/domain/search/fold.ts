/**
 * Accent and case folding for search (spec 002, section 5): "Société Générale" and
 * "societe generale" are the same text. Letters keep their count apart from the ligatures
 * spelt out (œ -> oe, æ -> ae, ß -> ss), so a folded text is what a user would type.
 */
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const LIGATURES = /[œæß]/g;
const LIGATURE_TEXT: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss' };
/** Plain ASCII already lower case: nothing to fold (most symbols, amounts and dates). */
const PLAIN = /^[\x20-\x40\x5b-\x7e]*$/;

export function fold(text: string): string {
  if (PLAIN.test(text)) return text;
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(LIGATURES, (letter) => LIGATURE_TEXT[letter] ?? letter);
}

/** The query's words, folded: split on spaces, empty words dropped (spec 002, section 5). */
export function queryWords(query: string): string[] {
  return fold(query)
    .split(/\s+/)
    .filter((word) => word.length > 0);
}
