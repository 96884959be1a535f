import { type ErrorCode, isErrorCode } from '@/contracts/error-codes';

/** What the client knows about a failed call: our error code, or a transport failure. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'HTTP_ERROR';

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
};

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
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Network unavailable');
  }
  if (!response.ok) throw await readApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
