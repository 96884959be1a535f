import type { ErrorEvent as SentryEvent, StackFrame } from '@sentry/browser';
import { describe, expect, it, vi } from 'vitest';
import {
  createBeforeSend,
  createDuplicateFilter,
  cutFrames,
  cutStack,
  DUPLICATE_WINDOW_MS,
  scrubBreadcrumb,
  startErrorReporting,
  stopErrorReporting,
} from './error-reporting';

/** The SDK, standing in: what it was started with, and a close that takes its time. */
const sdk = vi.hoisted(() => ({
  options: null as null | { beforeSend: (event: unknown) => unknown },
  closing: null as null | (() => void),
}));
vi.mock('@sentry/browser', () => ({
  init: (options: { beforeSend: (event: unknown) => unknown }) => {
    sdk.options = options;
  },
  close: () =>
    new Promise<boolean>((resolve) => {
      sdk.closing = () => resolve(true);
    }),
}));

const frame = (n: number): StackFrame => ({
  function: `handler${n}`,
  filename: `https://cairn.example.com/assets/chunk-${n}-abcdef.js`,
  lineno: n,
  colno: 10,
});

const event = (message: string, frames: StackFrame[] = [frame(1)]): SentryEvent => ({
  type: undefined,
  exception: { values: [{ type: 'TypeError', value: message, stacktrace: { frames } }] },
});

describe('cutting stacks to 500 characters', () => {
  it('cuts a text stack', () => {
    expect(cutStack('short')).toBe('short');
    const long = 'x'.repeat(800);
    expect(cutStack(long)).toHaveLength(500);
  });

  it('keeps the newest frames that fit in 500 characters, and at least one', () => {
    const frames = Array.from({ length: 40 }, (_, i) => frame(i));
    const kept = cutFrames(frames);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(frames.length);
    // Sentry lists the oldest first: the kept ones are the last (where the error happened).
    expect(kept.at(-1)).toBe(frames.at(-1));
    expect(kept).toEqual(frames.slice(frames.length - kept.length));
    const written = kept
      .map((f) => `at ${f.function} (${f.filename}:${f.lineno}:${f.colno})\n`)
      .join('');
    expect(written.length).toBeLessThanOrEqual(500);
    const huge = { ...frame(1), filename: 'y'.repeat(900) };
    expect(cutFrames([frame(0), huge])).toEqual([huge]);
  });
});

describe('duplicate suppression', () => {
  it('lets the same error through once an hour', () => {
    const isNew = createDuplicateFilter();
    const t0 = 1_000_000;
    expect(isNew('a', t0)).toBe(true);
    expect(isNew('a', t0 + 1)).toBe(false);
    expect(isNew('b', t0 + 2)).toBe(true);
    expect(isNew('a', t0 + DUPLICATE_WINDOW_MS - 1)).toBe(false);
    expect(isNew('a', t0 + DUPLICATE_WINDOW_MS)).toBe(true);
  });

  it('forgets the oldest past 1000 entries', () => {
    const isNew = createDuplicateFilter();
    for (let i = 0; i <= 1000; i += 1) expect(isNew(`e${i}`, i)).toBe(true);
    // e0 was pushed out by the 1001st; e1 is still remembered.
    expect(isNew('e0', 2000)).toBe(true);
    expect(isNew('e2', 2001)).toBe(false);
  });

  it('drops a repeated event and cuts the frames of the one it sends', () => {
    const beforeSend = createBeforeSend();
    const frames = Array.from({ length: 40 }, (_, i) => frame(i));
    const first = beforeSend(event('boom', frames));
    expect(first?.exception?.values?.[0]?.stacktrace?.frames?.length).toBeLessThan(40);
    expect(beforeSend(event('boom', frames))).toBeNull();
    expect(beforeSend(event('other', frames))).not.toBeNull();
  });

  it('hides secret-looking URL values in messages and breadcrumbs', () => {
    const sent = createBeforeSend()({
      ...event('failed /auth/reset-password?token=abc123'),
      request: { url: 'https://cairn.example.com/auth/reset-password?token=abc123' },
    });
    expect(sent?.exception?.values?.[0]?.value).toBe(
      'failed /auth/reset-password?token=[REDACTED]',
    );
    expect(sent?.request?.url).toContain('token=[REDACTED]');
    expect(
      scrubBreadcrumb({ category: 'navigation', data: { to: '/x?code=999999', from: '/' } }).data,
    ).toEqual({ to: '/x?code=[REDACTED]', from: '/' });
  });
});

describe('withdrawing consent', () => {
  it('sends nothing caught once withdrawn, while the client is still closing', async () => {
    await startErrorReporting('https://key@collector.example.com/1');
    const beforeSend = sdk.options?.beforeSend;
    if (!beforeSend) throw new Error('not started');
    expect(beforeSend(event('before'))).not.toBeNull();
    const stopped = stopErrorReporting();
    // Not closed yet: an error caught now is dropped all the same.
    expect(beforeSend(event('after'))).toBeNull();
    sdk.closing?.();
    await stopped;
    expect(beforeSend(event('later'))).toBeNull();
  });
});
