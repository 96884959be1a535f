import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyColorMode,
  getColorMode,
  resolveColorMode,
  setColorMode,
  useColorMode,
} from './color-mode';

function mockSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: dark && query.includes('dark'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

beforeEach(() => {
  document.documentElement.className = '';
  mockSystemDark(false);
});

describe('colour mode', () => {
  it('defaults to system and resolves it from the system preference', () => {
    expect(getColorMode()).toBe('system');
    expect(resolveColorMode('system', true)).toBe('dark');
    expect(resolveColorMode('system', false)).toBe('light');
    expect(resolveColorMode('light', true)).toBe('light');
  });

  it('applies dark to <html> and saves the choice', () => {
    setColorMode('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(window.localStorage.getItem('cairn.colorMode')).toBe('dark');
    setColorMode('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('follows a dark system in system mode', () => {
    mockSystemDark(true);
    applyColorMode('system');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('ignores an unknown saved value', () => {
    window.localStorage.setItem('cairn.colorMode', 'purple');
    expect(getColorMode()).toBe('system');
  });

  it('useColorMode re-renders on change', () => {
    const { result } = renderHook(() => useColorMode());
    expect(result.current[0]).toBe('system');
    act(() => result.current[1]('dark'));
    expect(result.current[0]).toBe('dark');
  });
});
