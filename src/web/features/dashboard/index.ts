/** What the dashboard feature offers the rest of the web app (its public entry). */
export { type DashboardView, useDashboard } from './api/queries';
