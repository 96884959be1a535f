import { describe, expect, it } from 'vitest';
import { compactJson, formatCountdown, formatDateTime, formatRelativeTime } from './format';

describe('admin formats', () => {
  it('counts down as m:ss, never below zero', () => {
    expect(formatCountdown(300_000)).toBe('5:00');
    expect(formatCountdown(65_400)).toBe('1:06');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it('writes relative times and date-times in the language', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(formatRelativeTime('2026-03-10T09:00:00Z', now, 'en-US')).toBe('3 hours ago');
    expect(formatRelativeTime('2026-03-10T09:00:00Z', now, 'fr-FR')).toBe('il y a 3 heures');
    expect(formatRelativeTime('nope', now, 'en-US')).toBe('');
    expect(formatDateTime('nope', 'en-US')).toBe('');
  });

  it('shows audit values as one line of JSON', () => {
    expect(compactJson({ enabled: true })).toBe('{"enabled":true}');
    expect(compactJson(null)).toBeNull();
  });
});
