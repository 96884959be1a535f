import { beforeAll, describe, expect, it, vi } from 'vitest';
import { boot } from './boot';

beforeAll(() => {
  // jsdom has no matchMedia; the colour mode reads the system preference through it.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
});

describe('boot', () => {
  it("throws 'Failed to find the root element' without #root", () => {
    document.body.innerHTML = '';
    expect(() => boot()).toThrow('Failed to find the root element');
  });

  it('returns #root once the error capture, colour mode and i18n are set up', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(boot().id).toBe('root');
  });
});
