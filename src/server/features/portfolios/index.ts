/** What the portfolios feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export {
  canSeeSimulation,
  type PortfolioAccess,
  portfolioKey,
  requirePortfolio,
  usersWhoMaySee,
} from './portfolio-access';
export { publishChanged } from './portfolios.events';
export { withCashCheck } from './simulation-cash';
export { registerSimulationScopedTable, type SimulationCopy } from './simulation-scope';
