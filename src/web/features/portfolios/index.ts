/** What the portfolios feature offers the rest of the web app (its public entry). */
export { PortfolioScope } from './components/portfolio-scope';
export { PortfolioSwitcher } from './components/portfolio-switcher';
export { SimulationBanner } from './components/simulation-banner';
