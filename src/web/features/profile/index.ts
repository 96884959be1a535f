/** What the profile feature offers the rest of the web app (its public entry). */
export { UserMenu } from './components/user-menu';
