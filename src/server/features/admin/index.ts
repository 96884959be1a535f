/** What the admin feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export { recordAudit } from './audit';
export { isBetaEnabled, setFlag } from './feature-flags';
export { inviteCodeMatches } from './invite-codes';
