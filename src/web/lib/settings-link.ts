/**
 * A link to a settings page from the current URL's `search`: settings links carry only the `sim`
 * parameter, never `portfolio` (spec 001, section 2; the shell's withScopeParams(path, search,
 * { keepPortfolio: false }) does the same for its own links).
 */
export function settingsHref(path: string, search: string) {
  const sim = new URLSearchParams(search).get('sim');
  return sim ? `${path}?${new URLSearchParams({ sim }).toString()}` : path;
}
