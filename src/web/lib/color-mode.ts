import { useSyncExternalStore } from 'react';
import { safeStorage, STORAGE_KEYS } from './storage';

export const COLOR_MODES = ['light', 'dark', 'system'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
export type ResolvedColorMode = 'light' | 'dark';

const listeners = new Set<() => void>();
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function isColorMode(value: unknown): value is ColorMode {
  return typeof value === 'string' && (COLOR_MODES as readonly string[]).includes(value);
}

export function getColorMode(): ColorMode {
  const saved = safeStorage.get(STORAGE_KEYS.colorMode);
  return isColorMode(saved) ? saved : 'system';
}

export function resolveColorMode(mode: ColorMode, prefersDark: boolean): ResolvedColorMode {
  if (mode === 'system') return prefersDark ? 'dark' : 'light';
  return mode;
}

/** Puts the resolved mode on <html> (the `dark` class switches every token). */
export function applyColorMode(mode: ColorMode = getColorMode()) {
  const resolved = resolveColorMode(mode, darkQuery().matches);
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

export function setColorMode(mode: ColorMode) {
  safeStorage.set(STORAGE_KEYS.colorMode, mode);
  applyColorMode(mode);
  for (const listener of listeners) listener();
}

/** Applies the saved mode now and follows the system setting while the mode is 'system'. */
export function initColorMode() {
  applyColorMode();
  darkQuery().addEventListener('change', () => {
    if (getColorMode() === 'system') applyColorMode('system');
    for (const listener of listeners) listener();
  });
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.colorMode) {
      applyColorMode();
      for (const listener of listeners) listener();
    }
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useColorMode(): [ColorMode, (mode: ColorMode) => void] {
  const mode = useSyncExternalStore(subscribe, getColorMode, () => 'system' as const);
  return [mode, setColorMode];
}
