import { describe, expect, it } from 'vitest';
import { formatRelativeTime, groupSecret } from './format';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('formatRelativeTime', () => {
  it.each([
    [10, 'now'],
    [5 * 60, '5 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [24 * 3600, 'yesterday'],
    [3 * 24 * 3600, '3 days ago'],
    [14 * 24 * 3600, '2 weeks ago'],
    [400 * 24 * 3600, 'last year'],
  ])('says %i seconds ago as "%s" in English', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), now, 'en-US')).toBe(text);
  });

  it('speaks French', () => {
    expect(formatRelativeTime(ago(5 * 60), now, 'fr-FR')).toBe('il y a 5 minutes');
    expect(formatRelativeTime(ago(24 * 3600), now, 'fr-FR')).toBe('hier');
  });

  it('gives nothing for an unreadable date', () => {
    expect(formatRelativeTime('not a date', now, 'en-US')).toBe('');
  });
});

describe('groupSecret', () => {
  it('groups a secret in fours', () => {
    expect(groupSecret('jbswy3dpehpk3pxpab')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(groupSecret('')).toBe('');
  });
});
