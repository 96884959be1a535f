/** What the auth feature offers the rest of the web app (ARCHITECTURE.md: a feature's public entry). */
export { AuthHeading, AuthLayout } from './components/auth-layout';
export { MfaGate } from './components/mfa-gate';
export { PendingDeletionScreen } from './components/pending-deletion-screen';
export { safeNextPath } from './lib/safe-next';
