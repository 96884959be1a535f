/** Query parameters that select the active portfolio and simulation (spec 001, section 2). */
export const SCOPE_PARAMS = ['portfolio', 'sim'] as const;

type ScopeOptions = {
  /** Settings links carry only `sim`; every other link carries both. */
  keepPortfolio?: boolean;
};

/**
 * `path` with the `portfolio` and `sim` parameters of the current URL's `search` carried along
 * (other parameters of the current URL are dropped; parameters already in `path` are kept).
 */
export function withScopeParams(
  path: string,
  search: string,
  { keepPortfolio = true }: ScopeOptions = {},
) {
  const current = new URLSearchParams(search);
  const hashIndex = path.indexOf('#');
  const hash = hashIndex === -1 ? '' : path.slice(hashIndex);
  const withoutHash = hashIndex === -1 ? path : path.slice(0, hashIndex);
  const queryIndex = withoutHash.indexOf('?');
  const pathname = queryIndex === -1 ? withoutHash : withoutHash.slice(0, queryIndex);
  const params = new URLSearchParams(queryIndex === -1 ? '' : withoutHash.slice(queryIndex + 1));

  for (const name of SCOPE_PARAMS) {
    if (name === 'portfolio' && !keepPortfolio) continue;
    const value = current.get(name);
    if (value && !params.has(name)) params.set(name, value);
  }
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}
