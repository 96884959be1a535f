import { safeStorage, STORAGE_KEYS } from './storage';

/** One captured error, as kept in localStorage and downloaded with Ctrl+Shift+E. */
export type ErrorRecord = {
  id: string;
  timestamp: string;
  message: string;
  stack: string | null;
  url: string;
  userAgent: string;
  context: Record<string, unknown>;
};

export type ErrorReport = {
  app: 'cairn';
  version: string;
  generatedAt: string;
  url: string;
  userAgent: string;
  errors: ErrorRecord[];
};

/** At most this many records are kept; the oldest go first. */
export const MAX_ERROR_RECORDS = 100;
/** The same error is recorded once an hour at most (a render loop must not flush the log). */
export const DUPLICATE_WINDOW_MS = 60 * 60 * 1000;
const DUPLICATE_CACHE_SIZE = 1000;

const recentlySeen = new Map<string, number>();

export function readErrors(): ErrorRecord[] {
  const raw = safeStorage.get(STORAGE_KEYS.errors);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as ErrorRecord[]) : [];
  } catch {
    return [];
  }
}

/**
 * Forgets the captured errors. Sign-out (and cancelling the second step) calls it: the log can
 * hold the previous user's pages and messages.
 */
export function clearErrors() {
  safeStorage.remove(STORAGE_KEYS.errors);
  recentlySeen.clear();
}

/**
 * The page an error happened on, without its query string or fragment: those can carry one-time
 * tokens (`/auth/reset-password?token=…`) that must not sit in localStorage or a downloaded report.
 */
export function currentPage(): string {
  return window.location.pathname;
}

const SECRET_PARAM = /([?&#](?:token|code|secret|password|otp|key)=)[^&#\s'"]*/gi;

/** Hides the values of secret-looking URL parameters inside free text (messages, stacks). */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAM, '$1[REDACTED]');
}

function describe(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error)
    return { message: error.message || error.name, stack: error.stack ?? null };
  if (typeof error === 'string') return { message: error, stack: null };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: null };
  } catch {
    return { message: String(error), stack: null };
  }
}

function newId() {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Records an error locally; returns the record, or null when it repeats one seen within the hour. */
export function captureError(
  error: unknown,
  context: Record<string, unknown> = {},
  now = Date.now(),
): ErrorRecord | null {
  const described = describe(error);
  const message = redactSecrets(described.message);
  const stack = described.stack === null ? null : redactSecrets(described.stack);
  const key = `${String(context.source ?? '')}|${message}|${stack?.split('\n')[1] ?? ''}`;
  const seenAt = recentlySeen.get(key);
  if (seenAt !== undefined && now - seenAt < DUPLICATE_WINDOW_MS) return null;
  recentlySeen.delete(key);
  recentlySeen.set(key, now);
  if (recentlySeen.size > DUPLICATE_CACHE_SIZE) {
    const oldest = recentlySeen.keys().next().value;
    if (oldest !== undefined) recentlySeen.delete(oldest);
  }

  const record: ErrorRecord = {
    id: newId(),
    timestamp: new Date(now).toISOString(),
    message,
    stack,
    url: currentPage(),
    userAgent: navigator.userAgent,
    context,
  };
  const records = [...readErrors(), record].slice(-MAX_ERROR_RECORDS);
  safeStorage.set(STORAGE_KEYS.errors, JSON.stringify(records));
  return record;
}

export function buildErrorReport(now = new Date()): ErrorReport {
  return {
    app: 'cairn',
    version: __APP_VERSION__,
    generatedAt: now.toISOString(),
    url: currentPage(),
    userAgent: navigator.userAgent,
    errors: readErrors(),
  };
}

/** Saves the captured errors as a JSON file (what Ctrl+Shift+E does). */
export function downloadErrorReport(now = new Date()) {
  const report = buildErrorReport(now);
  const blob = new Blob([JSON.stringify(report, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `cairn-error-report-${now.toISOString().replace(/[:.]/g, '-')}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function isErrorReportShortcut(event: KeyboardEvent) {
  return (
    (event.ctrlKey || event.metaKey) &&
    event.shiftKey &&
    !event.altKey &&
    event.key.toLowerCase() === 'e'
  );
}

/** Captures uncaught errors and unhandled rejections, and binds Ctrl+Shift+E. Returns the uninstaller. */
export function installErrorCapture(): () => void {
  const onError = (event: ErrorEvent) => {
    captureError(event.error ?? event.message, {
      source: 'window.onerror',
      filename: event.filename,
      line: event.lineno,
      column: event.colno,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    captureError(event.reason, { source: 'unhandledrejection' });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isErrorReportShortcut(event)) return;
    event.preventDefault();
    downloadErrorReport();
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('keydown', onKeyDown);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('keydown', onKeyDown);
  };
}
