/**
 * localStorage that never throws: private modes, full quotas and disabled storage degrade to
 * "nothing saved" instead of breaking the app.
 */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): boolean {
    try {
      window.localStorage.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
  remove(key: string) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing to do
    }
  },
};

/** Every key Cairn keeps in localStorage, in one place (the cookie policy lists them). */
export const STORAGE_KEYS = {
  language: 'cairn.language',
  colorMode: 'cairn.colorMode',
  errors: 'cairn.errors',
  /** '1' while this browser has a signed-in session (a hint: the server decides). */
  signedIn: 'cairn.signedIn',
  /** Prefix: `cairn.activeScope.<userId>` holds the last active portfolio and simulation. */
  activeScope: 'cairn.activeScope',
  /** The signed-in user whose last data is kept for offline use (offline-cache.ts). */
  offlineUser: 'cairn.offline.user',
  /** Prefix: `cairn.offline.data.<userId>` holds that data (24 hours at most). */
  offlineData: 'cairn.offline.data.',
  /** '1' once the install suggestion was dismissed (never shown again). */
  installDismissed: 'cairn.installDismissed',
} as const;
