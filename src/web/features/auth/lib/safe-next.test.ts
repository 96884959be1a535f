import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it.each([
    ['/portfolio/1?tab=assets#top', '/portfolio/1?tab=assets#top'],
    ['/settings/security', '/settings/security'],
  ])('keeps the same-site path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    null,
    '',
    'dashboard',
    'https://evil.test/',
    '//evil.test/path',
    '/\\evil.test',
    '/\\/evil.test',
    'javascript:alert(1)',
    '/login',
    '/ok\u0000',
  ])('falls back to the dashboard for %s', (next) => {
    expect(safeNextPath(next)).toBe('/dashboard');
  });
});
