/**
 * The closed list of error codes the API answers with, and the HTTP status of each.
 * The server maps a code to its status in one place (platform/errors.ts); the web client turns a
 * code into translated text with `t('errors:CODE', details)`. Adding a code means adding its
 * translation in locales/en/errors.json and locales/fr/errors.json (a test checks it).
 * This module has no dependency so the web bundle can import it cheaply.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_CREDENTIALS: 400,
  INVALID_CODE: 400,
  CODE_EXPIRED: 400,
  CHALLENGE_EXPIRED: 400,
  RECOVERY_LINK_INVALID: 400,
  RECOVERY_LINK_EXPIRED: 400,
  RECOVERY_LINK_USED: 400,
  CONFIRMATION_LINK_INVALID: 400,
  INVITE_CODE_REQUIRED: 400,
  INVITE_CODE_INVALID: 400,
  INVALID_ROLE: 400,
  SELF_DEMOTION: 400,
  INVITATION_INVALID: 400,
  INVITATION_EXPIRED: 400,
  SHARE_WITH_SELF: 400,
  UNAUTHENTICATED: 401,
  UNAUTHORIZED: 403,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  MFA_REQUIRED: 403,
  RECOVERY_LOCKED: 403,
  INVITATION_OTHER_EMAIL: 403,
  EMAIL_NOT_CONFIRMED: 403,
  NOT_FOUND: 404,
  PORTFOLIO_NOT_FOUND: 404,
  SIMULATION_NOT_FOUND: 404,
  SHARE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  WAITLIST_CLOSED: 409,
  FACTOR_NAME_TAKEN: 409,
  LAST_PORTFOLIO: 409,
  ALREADY_SHARED: 409,
  PAYLOAD_TOO_LARGE: 413,
  AVATAR_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  AVATAR_INVALID_TYPE: 415,
  AAL2_REQUIRED: 422,
  LAST_VERIFIED_FACTOR: 422,
  TOO_MANY_FACTORS: 422,
  RATE_LIMITED: 429,
  OPERATION_IN_PROGRESS: 429,
  UNKNOWN_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The English message each code carries when the thrower gives none. */
export const DEFAULT_ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Invalid input',
  BAD_REQUEST: 'Bad request',
  INVALID_CREDENTIALS: 'Please check your credentials and try again.',
  INVALID_CODE: 'Invalid verification code',
  CODE_EXPIRED: 'This code has expired. Please request a new one.',
  CHALLENGE_EXPIRED: 'This challenge has expired. Please refresh the page and try again.',
  RECOVERY_LINK_INVALID: 'Invalid recovery link',
  RECOVERY_LINK_EXPIRED: 'This recovery link has expired. Please request a new one.',
  RECOVERY_LINK_USED: 'This recovery link has already been used. Please request a new one.',
  CONFIRMATION_LINK_INVALID: 'This confirmation link is invalid or has expired.',
  INVITE_CODE_REQUIRED: 'Invite code is required during beta',
  INVITE_CODE_INVALID: 'Invalid or expired code',
  INVALID_ROLE: "Invalid role. Must be 'user' or 'admin'",
  SELF_DEMOTION: 'Cannot demote yourself. This would lock you out of admin features.',
  INVITATION_INVALID: 'Invalid or expired invitation',
  INVITATION_EXPIRED: 'Invitation has expired',
  SHARE_WITH_SELF: 'You cannot share a portfolio with yourself',
  UNAUTHENTICATED: 'Authentication required',
  UNAUTHORIZED: 'Unauthorized: Admin access required',
  FORBIDDEN: 'Insufficient permissions',
  CROSS_SITE_REQUEST: 'Cross-site request refused',
  MFA_REQUIRED: 'Please complete two-factor authentication',
  EMAIL_NOT_CONFIRMED: 'Confirm your email address first, or use the link in the invitation email.',
  INVITATION_OTHER_EMAIL:
    'This invitation was sent to another email address. Sign in with that address to accept it.',
  RECOVERY_LOCKED:
    'You reset your password recently. For your safety, email recovery is not available yet. Use your authenticator app.',
  NOT_FOUND: 'Not found',
  PORTFOLIO_NOT_FOUND: 'Portfolio not found',
  SIMULATION_NOT_FOUND: 'Simulation not found',
  SHARE_NOT_FOUND: 'Share not found',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  CONFLICT: 'Conflict',
  EMAIL_TAKEN: 'An account with this email already exists.',
  WAITLIST_CLOSED: 'The beta waitlist is closed.',
  FACTOR_NAME_TAKEN: 'An authenticator with this name already exists.',
  LAST_PORTFOLIO: 'Cannot delete the last portfolio',
  ALREADY_SHARED: 'This portfolio is already shared with this email',
  PAYLOAD_TOO_LARGE: 'Request body is too large',
  AVATAR_TOO_LARGE: 'Avatar file size cannot exceed 5MB',
  UNSUPPORTED_MEDIA_TYPE: 'Only JSON request bodies are accepted',
  AVATAR_INVALID_TYPE: 'Avatar must be a JPEG, PNG, or WebP image',
  AAL2_REQUIRED:
    'AAL2 verification required to delete MFA factors. Please verify with your authenticator app first.',
  LAST_VERIFIED_FACTOR:
    'You must have at least one verified authenticator. Add another before removing this one.',
  TOO_MANY_FACTORS: 'You can have at most 10 authenticators.',
  RATE_LIMITED: 'Please try again later.',
  OPERATION_IN_PROGRESS: 'Clear operation already in progress',
  UNKNOWN_ERROR: 'An unexpected error occurred',
  SERVICE_UNAVAILABLE: 'Service temporarily unavailable',
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
