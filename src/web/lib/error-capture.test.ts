import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildErrorReport,
  captureError,
  clearErrors,
  DUPLICATE_WINDOW_MS,
  installErrorCapture,
  MAX_ERROR_RECORDS,
  readErrors,
} from './error-capture';

beforeEach(() => clearErrors());

describe('captureError', () => {
  it('stores id, timestamp, message, stack, url, userAgent and context', () => {
    const record = captureError(
      new Error('boom'),
      { source: 'test' },
      Date.parse('2026-11-22T10:00:00Z'),
    );
    expect(record).toMatchObject({
      id: expect.any(String),
      timestamp: '2026-11-22T10:00:00.000Z',
      message: 'boom',
      stack: expect.stringContaining('boom'),
      url: window.location.pathname,
      userAgent: navigator.userAgent,
      context: { source: 'test' },
    });
    expect(readErrors()).toEqual([record]);
  });

  it('keeps the page’s path only: query strings and fragments can carry one-time tokens', () => {
    window.history.replaceState(null, '', '/auth/reset-password?token=s3cr3t-reset#code=123456');
    try {
      const record = captureError(new Error('reset failed'));
      expect(record?.url).toBe('/auth/reset-password');
      expect(buildErrorReport().url).toBe('/auth/reset-password');
      const stored = window.localStorage.getItem('cairn.errors') ?? '';
      expect(stored).not.toContain('s3cr3t-reset');
      expect(stored).not.toContain('123456');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('hides token-like URL parameters inside messages and stacks', () => {
    const error = new Error('GET /api/v1/x?token=abcDEF123&page=2 failed');
    error.stack = `Error: at https://cairn.example/auth/confirm-email?token=abcDEF123#x\n    at f`;
    const record = captureError(error);
    expect(record?.message).toBe('GET /api/v1/x?token=[REDACTED]&page=2 failed');
    expect(record?.stack).not.toContain('abcDEF123');
    expect(window.localStorage.getItem('cairn.errors')).not.toContain('abcDEF123');
  });

  it('keeps at most 100 records, dropping the oldest', () => {
    for (let i = 0; i < MAX_ERROR_RECORDS + 5; i += 1) captureError(new Error(`error ${i}`));
    const records = readErrors();
    expect(records).toHaveLength(MAX_ERROR_RECORDS);
    expect(records[0]?.message).toBe('error 5');
    expect(records.at(-1)?.message).toBe(`error ${MAX_ERROR_RECORDS + 4}`);
  });

  it('records the same error once an hour at most', () => {
    const error = new Error('loop');
    const t0 = Date.parse('2026-11-22T10:00:00Z');
    expect(captureError(error, {}, t0)).not.toBeNull();
    expect(captureError(error, {}, t0 + 1_000)).toBeNull();
    expect(captureError(error, {}, t0 + DUPLICATE_WINDOW_MS + 1)).not.toBeNull();
    expect(readErrors()).toHaveLength(2);
  });

  it('describes non-Error values', () => {
    expect(captureError('plain text')?.message).toBe('plain text');
    expect(captureError({ reason: 'x' })?.message).toBe('{"reason":"x"}');
  });

  it('survives a corrupted store', () => {
    window.localStorage.setItem('cairn.errors', '{not json');
    expect(readErrors()).toEqual([]);
    captureError(new Error('after corruption'));
    expect(readErrors()).toHaveLength(1);
  });
});

describe('installErrorCapture', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installErrorCapture();
  });
  afterEach(() => uninstall());

  it('captures uncaught errors and unhandled rejections', () => {
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('uncaught'), message: 'uncaught' }),
    );
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(rejection, { reason: new Error('rejected') });
    window.dispatchEvent(rejection);
    expect(readErrors().map((r) => [r.message, r.context.source])).toEqual([
      ['uncaught', 'window.onerror'],
      ['rejected', 'unhandledrejection'],
    ]);
  });

  it('downloads the report on Ctrl+Shift+E', () => {
    captureError(new Error('in the report'));
    const createObjectURL = vi.fn(() => 'blob:report');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toMatch(/^cairn-error-report-.*\.json$/);
      expect(this.href).toBe('blob:report');
    });
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'E', ctrlKey: true, shiftKey: true }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
  });

  it('ignores Ctrl+E without Shift', () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'e', ctrlKey: true }));
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });
});

describe('buildErrorReport', () => {
  it('wraps the records with the app version and time', () => {
    captureError(new Error('x'));
    const report = buildErrorReport(new Date('2026-11-22T12:00:00Z'));
    expect(report).toMatchObject({
      app: 'cairn',
      generatedAt: '2026-11-22T12:00:00.000Z',
      errors: [{ message: 'x' }],
    });
    expect(report.version).toEqual(expect.any(String));
  });
});
