/** A portfolio's page, with it made active (?portfolio=, no simulation). */
export function portfolioPath(portfolio: { id: string }) {
  return `/portfolio/${portfolio.id}?portfolio=${portfolio.id}`;
}
