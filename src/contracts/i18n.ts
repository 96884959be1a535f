export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** The cookie the web app sets with the chosen language; the server reads it (emails, first HTML). */
export const LANGUAGE_COOKIE = 'cairn_lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A browser language tag to one of ours: French for any fr-*, otherwise English. */
export function languageFromTag(tag: string | null | undefined): Language {
  return tag?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}
