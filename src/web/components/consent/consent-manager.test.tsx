import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/web/lib/i18n';
import {
  getConsent,
  openConsentPreferences,
  readConsentCookie,
  resetConsentStore,
  writeConsentCookie,
} from '@/web/lib/consent/consent-store';
import { ConsentPreferencesLink } from './consent-preferences-link';
import { ConsentManager } from './consent-manager';

const CONFIG = { analyticsId: 'G-TEST123', errorReportingDsn: 'https://k@errors.example.com/1' };

function cookieValue() {
  const part = document.cookie.split('; ').find((item) => item.startsWith('cc_cookie='));
  return part ? (JSON.parse(decodeURIComponent(part.slice('cc_cookie='.length))) as unknown) : null;
}

beforeEach(() => resetConsentStore());
afterEach(async () => {
  resetConsentStore();
  await i18n.changeLanguage('en');
});

describe('the consent banner', () => {
  it('asks on a first visit when the server offers optional services', async () => {
    render(<ConsentManager config={CONFIG} />);
    const banner = await screen.findByRole('region', { name: 'Your privacy choices' });
    expect(within(banner).getByRole('link', { name: 'Cookie policy' })).toHaveAttribute(
      'href',
      '/cookies',
    );
    for (const name of ['Accept all', 'Reject all', 'Choose']) {
      expect(within(banner).getByRole('button', { name })).toBeVisible();
    }
  });

  it('does not ask when nothing optional is configured', () => {
    render(<ConsentManager config={null} />);
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
  });

  it('does not ask while the account may still hold a choice', () => {
    render(<ConsentManager config={CONFIG} canAsk={false} />);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('Accept all writes cc_cookie with both categories on, and goes away', async () => {
    const user = userEvent.setup();
    render(<ConsentManager config={CONFIG} />);
    await user.click(await screen.findByRole('button', { name: 'Accept all' }));
    expect(cookieValue()).toMatchObject({
      analytics: true,
      errorMonitoring: true,
      version: '1.0.0',
    });
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
    expect(getConsent()).toMatchObject({ analytics: true, errorMonitoring: true });
  });

  it('Reject all writes cc_cookie with both off', async () => {
    const user = userEvent.setup();
    render(<ConsentManager config={CONFIG} />);
    await user.click(await screen.findByRole('button', { name: 'Reject all' }));
    expect(cookieValue()).toMatchObject({ analytics: false, errorMonitoring: false });
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('writes the cookie for 365 days, SameSite=Lax, on the whole site', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => descriptor?.get?.call(document) as string,
      set: (value: string) => {
        writes.push(value);
        descriptor?.set?.call(document, value);
      },
    });
    try {
      writeConsentCookie({
        analytics: false,
        errorMonitoring: true,
        version: '1.0.0',
        date: '2026-11-27T10:00:00.000Z',
      });
    } finally {
      delete (document as unknown as { cookie?: string }).cookie;
    }
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^cc_cookie=/);
    expect(writes[0]).toContain('; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(readConsentCookie()).toEqual({
      analytics: false,
      errorMonitoring: true,
      version: '1.0.0',
      date: '2026-11-27T10:00:00.000Z',
    });
  });

  it('asks again when the choice was made under another policy version', async () => {
    writeConsentCookie({
      analytics: true,
      errorMonitoring: true,
      version: '0.9.0',
      date: '2026-01-01T00:00:00.000Z',
    });
    render(<ConsentManager config={CONFIG} />);
    expect(await screen.findByRole('region', { name: 'Your privacy choices' })).toBeVisible();
  });

  it('stays away once a current choice exists', () => {
    writeConsentCookie({
      analytics: false,
      errorMonitoring: false,
      version: '1.0.0',
      date: '2026-11-01T00:00:00.000Z',
    });
    render(<ConsentManager config={CONFIG} />);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('speaks French on a French visit', async () => {
    await i18n.changeLanguage('fr');
    render(<ConsentManager config={CONFIG} />);
    const banner = await screen.findByRole('region', { name: 'Vos choix de confidentialité' });
    expect(within(banner).getByRole('button', { name: 'Tout refuser' })).toBeVisible();
    expect(within(banner).getByRole('button', { name: 'Tout accepter' })).toBeVisible();
  });
});

describe('the preferences panel', () => {
  it('Choose opens it with necessary always on and the optional ones off; saving keeps the switches', async () => {
    const user = userEvent.setup();
    render(<ConsentManager config={CONFIG} />);
    await user.click(await screen.findByRole('button', { name: 'Choose' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const necessary = within(dialog).getByRole('switch', { name: 'Necessary' });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    const analytics = within(dialog).getByRole('switch', { name: 'Analytics' });
    const errors = within(dialog).getByRole('switch', { name: 'Error monitoring' });
    expect(analytics).not.toBeChecked();
    expect(errors).not.toBeChecked();

    await user.click(errors);
    expect(errors).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save my choices' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cookieValue()).toMatchObject({ analytics: false, errorMonitoring: true });
  });

  it('is used with the keyboard: focus stays inside, Space toggles, Escape closes without saving', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ConsentPreferencesLink />
        <ConsentManager config={CONFIG} canAsk={false} />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Cookie preferences' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const save = within(dialog).getByRole('button', { name: 'Save my choices' });
    expect(close).toHaveFocus();

    // Shift+Tab from the first control goes to the last; Tab from the last back to the first.
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();

    await user.tab();
    const analytics = within(dialog).getByRole('switch', { name: 'Analytics' });
    expect(analytics).toHaveFocus();
    await user.keyboard(' ');
    expect(analytics).toBeChecked();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readConsentCookie()).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('keeps the rest of the page inert while open', async () => {
    const user = userEvent.setup();
    const { container } = render(<ConsentManager config={CONFIG} />);
    await user.click(await screen.findByRole('button', { name: 'Choose' }));
    expect(container).toHaveAttribute('inert');
    await user.click(await screen.findByRole('button', { name: 'Reject all' }));
    expect(container).not.toHaveAttribute('inert');
    expect(cookieValue()).toMatchObject({ analytics: false, errorMonitoring: false });
  });

  it('opens from the footer link and shows the current choice; Accept all turns both on', async () => {
    writeConsentCookie({
      analytics: false,
      errorMonitoring: true,
      version: '1.0.0',
      date: '2026-11-01T00:00:00.000Z',
    });
    const user = userEvent.setup();
    render(
      <ConsentManager
        config={{ analyticsId: null, errorReportingDsn: CONFIG.errorReportingDsn }}
      />,
    );
    act(() => openConsentPreferences());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('switch', { name: 'Error monitoring' })).toBeChecked();
    // Analytics is not set up on this server: the panel says so.
    expect(within(dialog).getByText('Not set up on this server')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Accept all' }));
    expect(cookieValue()).toMatchObject({ analytics: true, errorMonitoring: true });
  });
});
