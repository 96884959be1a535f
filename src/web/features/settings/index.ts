/** What the settings feature offers the rest of the web app (its public entry). */
export { SettingsProvider } from './components/settings-provider';
