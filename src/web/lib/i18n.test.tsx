import { act, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TranslationErrorNotice } from '@/web/components/errors/translation-error-notice';
import {
  ensureNamespaces,
  TRANSLATION_TIMEOUT_MS,
  trackTranslationFailures,
  translationFailures,
} from './i18n';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ensureNamespaces', () => {
  it('resolves as soon as the namespaces are loaded', async () => {
    vi.spyOn(i18n, 'loadNamespaces').mockResolvedValue(undefined);
    await expect(ensureNamespaces(['landing'])).resolves.toBeUndefined();
  });

  it('lets content show after 2000 ms even if translations never arrive', async () => {
    vi.useFakeTimers();
    vi.spyOn(i18n, 'loadNamespaces').mockReturnValue(new Promise(() => {}));
    let done = false;
    void ensureNamespaces(['slow']).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(TRANSLATION_TIMEOUT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

describe('translation failures', () => {
  it('show the Translation Loading Error card, which can be dismissed', async () => {
    trackTranslationFailures(i18n);
    render(<TranslationErrorNotice />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      i18n.emit('failedLoading', 'fr', 'landing', 'network down');
    });
    expect(translationFailures().has('fr/landing')).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Some translations failed to load.');
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('detectLanguage', () => {
  it('takes ?lang= first, then the saved choice, then the browser, then English', async () => {
    const { detectLanguage } = await import('./i18n');
    expect(detectLanguage('?lang=fr', 'en', ['en-US'])).toBe('fr');
    expect(detectLanguage('?lang=de', 'fr', ['en-US'])).toBe('fr');
    expect(detectLanguage('', null, ['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(detectLanguage('', null, ['en-GB', 'fr'])).toBe('en');
    expect(detectLanguage('', null, ['de', 'es'])).toBe('en');
    expect(detectLanguage('', 'garbage', [])).toBe('en');
  });
});
