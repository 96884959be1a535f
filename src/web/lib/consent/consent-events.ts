/**
 * "Open the cookie preferences" (footers, user menu, settings), as a window event: the link needs
 * none of the consent code, which the public site loads only when it is wanted.
 */
const OPEN_EVENT = 'cairn:consent-preferences';

export function openConsentPreferences() {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

export function onOpenConsentPreferences(open: () => void): () => void {
  window.addEventListener(OPEN_EVENT, open);
  return () => window.removeEventListener(OPEN_EVENT, open);
}
