import type { Language } from '@/contracts/i18n';
import type { LanguagePreference } from '@/contracts/settings';
import { browserLanguage } from '@/web/lib/i18n';

/** The language a preference means here: 'auto' follows the browser (French for fr-*, else English). */
export function resolveLanguage(
  preference: LanguagePreference,
  browser: readonly string[] = navigator.languages,
): Language {
  return preference === 'auto' ? browserLanguage(browser) : preference;
}
