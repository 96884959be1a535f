/** What the landing feature offers the public site (its public entry; keep it light: the site's JavaScript is budgeted). */
export { LandingPage } from './pages/landing-page';
