import { useSyncExternalStore } from 'react';

/**
 * The installable app (spec 002, offline and install): the service worker at /sw.js (built by
 * vite-plugin-pwa, see vite.config.ts), checked for a new version every hour, and the install
 * prompt the browser offers. One small store the notices read (offline-ready, update-available,
 * install-available, installed).
 */

/** How often the service worker is checked for a new version (spec 002: hourly). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Chromium's install prompt event (not in TypeScript's DOM types). */
export type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

export type PwaState = {
  /** The shell is cached: the app opens without a network ('Ready to work offline'). */
  offlineReady: boolean;
  /** A new version waits for the user's go-ahead ('New version available'). */
  updateAvailable: boolean;
  /** The browser offers to install the app (its prompt is kept until used). */
  installAvailable: boolean;
  /** The app runs installed (standalone window). */
  installed: boolean;
};

type Updater = { apply(): void };

let state: PwaState = {
  offlineReady: false,
  updateAvailable: false,
  installAvailable: false,
  installed: false,
};
let updater: Updater | null = null;
let installPrompt: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function set(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** The worker reported these (tests and the registration below call it). */
export function reportServiceWorker(event: 'offline-ready' | 'update-available', update?: Updater) {
  if (event === 'offline-ready') set({ offlineReady: true });
  else {
    updater = update ?? null;
    set({ updateAvailable: true });
  }
}

/** 'Update': the waiting version takes over and the page reloads on it. */
export function applyUpdate() {
  updater?.apply();
  set({ updateAvailable: false });
}

/** 'Later': the notice goes; the new version takes over at the next visit. */
export function postponeUpdate() {
  set({ updateAvailable: false });
}

/** The notice was shown: it is not shown again in this visit. */
export function acknowledgeOfflineReady() {
  set({ offlineReady: false });
}

/** Opens the browser's install prompt; true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const prompt = installPrompt;
  if (!prompt) return false;
  installPrompt = null;
  set({ installAvailable: false });
  await prompt.prompt();
  const choice = await prompt.userChoice;
  return choice.outcome === 'accepted';
}

/** Listens for the browser's install offer and for the app being installed. */
export function watchInstall(target: Window = window) {
  const standalone =
    target.matchMedia?.('(display-mode: standalone)').matches ||
    (target.navigator as Navigator & { standalone?: boolean }).standalone === true;
  if (standalone) set({ installed: true });
  const onPrompt = (event: Event) => {
    // Kept for the app's own bottom sheet instead of the browser's mini bar.
    event.preventDefault();
    installPrompt = event as InstallPromptEvent;
    set({ installAvailable: true });
  };
  const onInstalled = () => {
    installPrompt = null;
    set({ installAvailable: false, installed: true });
  };
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

/**
 * Registers /sw.js (production builds only: the development server builds none), reports a cached
 * shell and a waiting version, and checks for a new version hourly.
 */
export async function registerServiceWorker() {
  // Some contexts have the API but no container (blocked by policy or automation).
  if (!import.meta.env.PROD || !navigator.serviceWorker) return;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('installed', (event) => {
    if (!event.isUpdate) reportServiceWorker('offline-ready');
  });
  workbox.addEventListener('waiting', () => {
    reportServiceWorker('update-available', {
      apply() {
        // Once the new worker controls the page, the page reloads on the new version.
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      },
    });
  });
  // A worker that cannot register leaves the app as it is: online only.
  const registration = await workbox.register().catch(() => undefined);
  if (registration) {
    setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
  }
}

/** For tests: back to a fresh visit. */
export function resetPwaState() {
  state = {
    offlineReady: false,
    updateAvailable: false,
    installAvailable: false,
    installed: false,
  };
  updater = null;
  installPrompt = null;
  for (const listener of listeners) listener();
}
