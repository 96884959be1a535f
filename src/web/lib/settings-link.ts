import { withScopeParams } from './scope-params';

/**
 * A link to a settings page from the current URL's `search`: settings links carry only the `sim`
 * parameter, never `portfolio` (spec 001, section 2).
 */
export function settingsHref(path: string, search: string) {
  return withScopeParams(path, search, { keepPortfolio: false });
}
