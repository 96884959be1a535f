/** What the notifications feature offers the rest of the web app (its public entry). */
export { useNotificationCentre } from './components/notification-centre';
