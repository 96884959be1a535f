/** What the session feature offers other features (ARCHITECTURE.md): import this, nothing deeper. */
export {
  type AuthContext,
  authUserColumns,
  clearSessionCookie,
  clientInfo,
  createSession,
  loadSessionAuth,
  requireAdmin,
  requireAuth,
  requireRotation,
  revokeOtherSessions,
  revokeSession,
  rotateSessionOrFail,
  setSessionCookie,
  userKey,
} from './session';
