import { useMemo, useSyncExternalStore } from 'react';
import { safeStorage, STORAGE_KEYS } from '@/web/lib/storage';

/** The last active portfolio and simulation, kept per user in this browser. */
export type PersistedScope = { portfolioId: string | null; simulationId: string | null };

const EMPTY: PersistedScope = { portfolioId: null, simulationId: null };
const listeners = new Set<() => void>();

export const scopeStorageKey = (userId: string) => `${STORAGE_KEYS.activeScope}.${userId}`;

function parse(raw: string | null): PersistedScope {
  if (!raw) return EMPTY;
  try {
    const value = JSON.parse(raw) as Partial<PersistedScope> | null;
    return {
      portfolioId: typeof value?.portfolioId === 'string' ? value.portfolioId : null,
      simulationId: typeof value?.simulationId === 'string' ? value.simulationId : null,
    };
  } catch {
    return EMPTY;
  }
}

export function readPersistedScope(userId: string): PersistedScope {
  return parse(safeStorage.get(scopeStorageKey(userId)));
}

export function writePersistedScope(userId: string, scope: PersistedScope) {
  const raw = JSON.stringify(scope);
  if (safeStorage.get(scopeStorageKey(userId)) === raw) return;
  safeStorage.set(scopeStorageKey(userId), raw);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(STORAGE_KEYS.activeScope)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The persisted choice, re-read when this tab (or another) changes it. */
export function usePersistedScope(userId: string): PersistedScope {
  const raw = useSyncExternalStore(
    subscribe,
    () => safeStorage.get(scopeStorageKey(userId)),
    () => null,
  );
  return useMemo(() => parse(raw), [raw]);
}
