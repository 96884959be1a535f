import { act, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/web/components/ui/toaster';
import {
  type InstallPromptEvent,
  reportServiceWorker,
  resetPwaState,
  watchInstall,
} from '@/web/lib/pwa';
import { STORAGE_KEYS } from '@/web/lib/storage';
import { createTestQueryClient } from '@/web/test/render';
import { OfflineBanner } from './offline-banner';
import { PwaNotices } from './pwa-notices';

/** Spec 002, offline and install notices: the update toast, offline-ready, the install sheet. */

function renderNotices(installDelayMs = 10_000) {
  return render(
    <>
      <AppToaster theme="light" />
      <PwaNotices installDelayMs={installDelayMs} />
    </>,
  );
}

function mobile(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width') ? matches : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** The browser offers to install; returns what the prompt was asked. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const prompt = vi.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  }) as InstallPromptEvent;
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

// jsdom has no pointer capture; the toasts' swipe handling asks for it on a press.
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;

let unwatch: () => void = () => undefined;
beforeEach(() => {
  resetPwaState();
  unwatch = watchInstall(window);
});
afterEach(async () => {
  unwatch();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the update toast', () => {
  it('says a new version is available; Update applies it, Later puts it off', async () => {
    const user = userEvent.setup();
    const apply = vi.fn();
    renderNotices();
    act(() => reportServiceWorker('update-available', { apply }));
    const toast = (await screen.findByText('New version available')).closest('li');
    if (!toast) throw new Error('no toast');
    await user.click(within(toast).getByRole('button', { name: 'Update' }));
    expect(apply).toHaveBeenCalledTimes(1);

    act(() => reportServiceWorker('update-available', { apply }));
    const again = (await screen.findByText('New version available')).closest('li');
    if (!again) throw new Error('no toast');
    await user.click(within(again).getByRole('button', { name: 'Later' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderNotices();
    act(() => reportServiceWorker('update-available', { apply: vi.fn() }));
    expect(await screen.findByText('Nouvelle version disponible')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mettre à jour' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Plus tard' })).toBeVisible();
  });
});

it('says once when the app is ready to work offline', async () => {
  renderNotices();
  act(() => reportServiceWorker('offline-ready'));
  expect(await screen.findByText('Ready to work offline')).toBeVisible();
});

describe('the install sheet', () => {
  it('shows on a phone 10 s after the browser offers it, and installs', async () => {
    mobile(true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderNotices();
    const { prompt, event } = offerInstall();
    // The browser's own mini bar is kept back for the app's sheet.
    expect(event.defaultPrevented).toBe(true);
    act(() => {
      vi.advanceTimersByTime(9_000);
    });
    expect(screen.queryByTestId('install-sheet')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    const sheet = await screen.findByRole('dialog', { name: 'Install Cairn' });
    for (const point of [/Works offline/, /Fast and reliable/, /No app store needed/]) {
      expect(within(sheet).getByText(point)).toBeVisible();
    }
    await user.click(within(sheet).getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('install-sheet')).toBeNull();
  });

  it('remembers Cancel and does not come back', async () => {
    mobile(true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const first = renderNotices();
    offerInstall();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.installDismissed)).toBe('1');
    first.unmount();

    renderNotices();
    offerInstall();
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(screen.queryByTestId('install-sheet')).toBeNull();
  });

  it('does not show on a desktop, nor with a delay of 0', () => {
    vi.useFakeTimers();
    mobile(false);
    const desktop = renderNotices();
    offerInstall();
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(screen.queryByTestId('install-sheet')).toBeNull();
    desktop.unmount();

    mobile(true);
    renderNotices(0);
    offerInstall();
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(screen.queryByTestId('install-sheet')).toBeNull();
  });
});

describe('the offline banner', () => {
  it('shows while the browser has no network, in both languages', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <OfflineBanner />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Network unavailable - showing offline mode',
    );
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Réseau indisponible - affichage en mode hors ligne',
    );
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('status')).toBeNull();
    onLine.mockRestore();
  });
});
