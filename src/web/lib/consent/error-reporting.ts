import type * as SentrySdk from '@sentry/browser';
import type { Breadcrumb, ErrorEvent as SentryEvent, StackFrame } from '@sentry/browser';
import { redactSecrets } from '../error-capture';
import { STACK_MAX_CHARS } from './stack';

/**
 * Error reports to the error-reporting service (Sentry's SDK, loaded on demand so it is not in
 * the first bundle), only in production (the server hands out the DSN there only) and only with
 * the visitor's consent. Without it, errors stay in the local log (Ctrl+Shift+E). Spec 000:
 * breadcrumbs 50, duplicates suppressed for an hour (cache of 1000), stacks cut to 500 characters.
 */

export const MAX_BREADCRUMBS = 50;
export const DUPLICATE_WINDOW_MS = 60 * 60 * 1000;
export const DUPLICATE_CACHE_MAX = 1000;

export { cutStack, STACK_MAX_CHARS } from './stack';

const frameText = (frame: StackFrame) =>
  `at ${frame.function ?? '?'} (${frame.filename ?? '?'}:${frame.lineno ?? 0}:${frame.colno ?? 0})\n`;

/**
 * The frames kept of a structured stack so that, written out, it fits in 500 characters. Sentry
 * lists frames oldest first: the newest (where the error happened) are kept, at least one.
 */
export function cutFrames(frames: StackFrame[], max = STACK_MAX_CHARS): StackFrame[] {
  const kept: StackFrame[] = [];
  let length = 0;
  for (let i = frames.length - 1; i >= 0; i -= 1) {
    const frame = frames[i] as StackFrame;
    length += frameText(frame).length;
    if (length > max && kept.length > 0) break;
    kept.unshift(frame);
  }
  return kept;
}

/**
 * Remembers what was sent: the same key passes once an hour at most. The cache holds 1000 keys;
 * past that the oldest is forgotten.
 */
export function createDuplicateFilter(
  windowMs = DUPLICATE_WINDOW_MS,
  maxEntries = DUPLICATE_CACHE_MAX,
) {
  const seen = new Map<string, number>();
  return (key: string, now = Date.now()): boolean => {
    const at = seen.get(key);
    if (at !== undefined && now - at < windowMs) return false;
    seen.delete(key);
    seen.set(key, now);
    if (seen.size > maxEntries) {
      const oldest = seen.keys().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    return true;
  };
}

/** What makes two reports the same error: its type, message and where it happened. */
export function eventKey(event: SentryEvent): string {
  const exception = event.exception?.values?.at(-1);
  const frame = exception?.stacktrace?.frames?.at(-1);
  return [
    exception?.type ?? '',
    exception?.value ?? event.message ?? '',
    frame ? `${frame.filename ?? ''}:${frame.lineno ?? ''}:${frame.colno ?? ''}` : '',
  ].join('|');
}

/** Builds the beforeSend hook: duplicates dropped, stacks cut, secret-looking URL values hidden. */
export function createBeforeSend(isNew = createDuplicateFilter()) {
  return (event: SentryEvent): SentryEvent | null => {
    if (!isNew(eventKey(event))) return null;
    for (const value of event.exception?.values ?? []) {
      if (value.value) value.value = redactSecrets(value.value);
      if (value.stacktrace?.frames) value.stacktrace.frames = cutFrames(value.stacktrace.frames);
    }
    if (event.message) event.message = redactSecrets(event.message);
    if (event.request?.url) event.request.url = redactSecrets(event.request.url);
    return event;
  };
}

export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  if (breadcrumb.message) breadcrumb.message = redactSecrets(breadcrumb.message);
  const data = breadcrumb.data;
  if (data) {
    for (const key of ['url', 'from', 'to'] as const) {
      if (typeof data[key] === 'string') data[key] = redactSecrets(data[key]);
    }
  }
  return breadcrumb;
}

type SentryModule = typeof SentrySdk;

let sentry: SentryModule | null = null;
/** Bumped by each start and stop: a start whose SDK arrives after a stop does nothing. */
let generation = 0;
let running = false;

/** Starts sending error reports (loads the SDK the first time). */
export async function startErrorReporting(dsn: string): Promise<void> {
  const mine = ++generation;
  const module = sentry ?? (await import('@sentry/browser'));
  sentry = module;
  if (mine !== generation || running) return;
  module.init({
    dsn,
    release: `cairn@${__APP_VERSION__}`,
    environment: 'production',
    maxBreadcrumbs: MAX_BREADCRUMBS,
    // Errors only: no session tracking, no performance traces.
    integrations: (defaults) =>
      defaults.filter((integration) => integration.name !== 'BrowserSession'),
    beforeSend: (() => {
      const prepare = createBeforeSend();
      // Closing the client takes a while (it flushes what was sent before): an error it catches
      // meanwhile is no longer sent.
      return (event: SentryEvent) => (running ? prepare(event) : null);
    })(),
    beforeBreadcrumb: scrubBreadcrumb,
  });
  running = true;
}

/**
 * Stops sending at once (consent withdrawn): nothing caught from now on is sent, and the client
 * is closed; no reload needed.
 */
export async function stopErrorReporting(): Promise<void> {
  generation += 1;
  if (!running || !sentry) return;
  running = false;
  await sentry.close(2_000);
}

export function errorReportingActive() {
  return running;
}
