/** What the dashboard feature offers the rest of the web app (its public entry). */
export { useDashboard } from './api/queries';
