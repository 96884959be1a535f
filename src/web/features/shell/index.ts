/** What the shell feature offers the rest of the web app (its public entry). */
export { AppShell } from './components/app-shell';
export { useSidebar } from './components/sidebar-provider';
