import { type ErrorCode, isErrorCode } from '@/contracts/error-codes';
import { isOnline, reportNetworkFailure, reportNetworkSuccess } from './network';

/** What the client knows about a failed call: our error code, or a transport failure. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'HTTP_ERROR' | 'OFFLINE';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** 4xx answers mean the request itself is wrong: retrying will not help. */
  get isClientError() {
    return this.status >= 400 && this.status < 500;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or FormData sent as multipart/form-data (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Whether a 401 answer means the session has ended (the app signs out and goes to /login).
   * Unset: yes, except for the endpoints of `UNAUTHORIZED_IS_AN_ANSWER`.
   */
  unauthorizedEndsSession?: boolean;
};

/**
 * Endpoints (paths under /api/v1, without the query) whose 401 is an answer to what is being
 * tried, not the end of a signed-in session: signing in or out, the session probe, registration
 * and recovery links, the two-factor step and the re-authentication prompts (challenge, verify,
 * e-mailed code, current password).
 */
const UNAUTHORIZED_IS_AN_ANSWER: readonly RegExp[] = [
  /^\/auth\/(login|logout|session|register|activate)$/,
  /^\/auth\/password\/(forgot|reset|reset\/verify|change)$/,
  /^\/auth\/email\/confirm$/,
  /^\/auth\/otp\/(send|verify)$/,
  /^\/auth\/mfa\/(verify|factors\/[^/]+\/challenge)$/,
  /^\/(beta|waitlist|invites\/validate)$/,
];

/** Whether a 401 from this API path means the signed-in session has ended. */
export function unauthorizedEndsSession(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? path;
  return !UNAUTHORIZED_IS_AN_ANSWER.some((pattern) => pattern.test(pathname));
}

type SessionEndedListener = (path: string) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/**
 * Called when any API call answers 401 where that means the session has ended (expired, signed
 * out elsewhere, revoked). The app listens once (web/app/session-expiry.ts). Returns the
 * unsubscribe function.
 */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** The API's error envelope as an ApiError (anything else: HTTP_ERROR with the status). */
export async function readApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as {
      error?: { code?: unknown; message?: unknown; details?: unknown };
    };
    const error = body.error;
    if (error && isErrorCode(error.code)) {
      return new ApiError(
        response.status,
        error.code,
        typeof error.message === 'string' ? error.message : error.code,
        (error.details as Record<string, unknown> | null) ?? null,
      );
    }
  } catch {
    // not our JSON envelope
  }
  return new ApiError(response.status, 'HTTP_ERROR', `HTTP ${response.status}`);
}

/**
 * The error of a failed call to `path` (under /api/v1): `readApiError`, after telling the
 * session-ended listeners when the answer is a 401 that ends the session. Every call to the API
 * goes through here, `api()` and the export download alike.
 */
export async function failedCallError(
  response: Response,
  path: string,
  endsSession: boolean = unauthorizedEndsSession(path),
): Promise<ApiError> {
  const error = await readApiError(response);
  if (response.status === 401 && endsSession) {
    for (const listener of sessionEndedListeners) listener(path);
  }
  return error;
}

/**
 * Calls our API: JSON in and out (or a FormData upload), cookies sent (same origin), errors
 * thrown as ApiError. Paths are relative to /api/v1.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const method = options.method ?? 'GET';
  // Offline, a change is refused before it leaves, with its reason: never queued for later.
  if (method !== 'GET' && !isOnline()) {
    throw new ApiError(0, 'OFFLINE', 'You are offline');
  }
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportNetworkFailure();
    throw new ApiError(0, 'NETWORK_ERROR', 'Network unavailable');
  }
  reportNetworkSuccess();
  if (!response.ok) throw await failedCallError(response, path, options.unauthorizedEndsSession);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
