import type { Portfolio } from '@/contracts/portfolios';

function normalise(text: string) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase();
}

/**
 * Portfolios whose name, or one of whose simulations' names, contains the query (accents and
 * case ignored). A portfolio found by its own name keeps all its simulations; one found through
 * simulations keeps only those that match.
 */
export function filterPortfolios(portfolios: Portfolio[], query: string): Portfolio[] {
  const needle = normalise(query.trim());
  if (!needle) return portfolios;
  return portfolios.flatMap((portfolio) => {
    if (normalise(portfolio.name).includes(needle)) return [portfolio];
    const simulations = portfolio.simulations.filter((s) => normalise(s.name).includes(needle));
    return simulations.length > 0 ? [{ ...portfolio, simulations }] : [];
  });
}
