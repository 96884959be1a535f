import i18n from 'i18next';
import type { ReactElement } from 'react';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import {
  DEFAULT_NOTIFICATIONS,
  DEFAULT_PREFERENCES,
  DEFAULT_THEME_SETTINGS,
  type Settings,
  type UpdateSettingsBody,
} from '@/contracts/settings';
import { type ApiCall, mockApi, testSession } from '@/web/test/mock-api';
import { renderWithProviders } from '@/web/test/render';
import { applyPatch } from '../api/mutations';
import { SettingsProvider } from '../components/settings-provider';

/** The settings a new account has (spec 001, section 3). */
export function testSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    account: { displayName: null, bio: null, avatarUrl: null, timezone: null },
    preferences: { ...DEFAULT_PREFERENCES },
    notifications: { ...DEFAULT_NOTIFICATIONS },
    theme: { ...DEFAULT_THEME_SETTINGS },
    ...overrides,
  };
}

type Routes = Parameters<typeof mockApi>[0];

/**
 * A fake settings API: GET answers the current settings, PATCH applies the change and answers
 * the whole settings (or the `fail` answer).
 */
export function settingsApi(
  initial: Settings = testSettings(),
  { fail, routes = {} }: { fail?: { status: number; code: string }; routes?: Routes } = {},
) {
  let current = initial;
  const api = mockApi({
    'GET /auth/session': { body: testSession() },
    // The privacy page's "Download your data" row: no export yet.
    'GET /privacy/export': { body: { export: null } },
    'GET /settings': () => ({ body: { settings: current } }),
    'PATCH /settings': (call: ApiCall) => {
      if (fail) {
        return {
          status: fail.status,
          body: { error: { code: fail.code, message: fail.code, details: null } },
        };
      }
      current = applyPatch(current, call.body as UpdateSettingsBody);
      return { body: { settings: current } };
    },
    // The privacy page's cookie section: no choice recorded yet.
    'GET /privacy/consent/history': { body: { entries: [], total: 0 } },
    ...routes,
  });
  return { ...api, current: () => current, patches: () => api.callsTo('PATCH', '/settings') };
}

/** Renders a settings page as the app does: inside the provider that applies the settings. */
export function renderSettingsPage(page: ReactElement, route = '/settings/account') {
  return renderWithProviders(
    <SettingsProvider>
      {page}
      <Toaster />
    </SettingsProvider>,
    { route },
  );
}

/** Undo what a test applied to the document and the language. */
export async function resetApplied() {
  vi.restoreAllMocks();
  document.documentElement.classList.remove('dark');
  delete document.documentElement.dataset.fontSize;
  delete document.documentElement.dataset.contrast;
  await i18n.changeLanguage('en');
}

// Radix measures switches and menus with ResizeObserver, which jsdom lacks.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
