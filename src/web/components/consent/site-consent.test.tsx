import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { readConsentCookie, resetConsentStore } from '@/web/lib/consent/consent-store';
import { ConsentPreferencesLink } from './consent-preferences-link';
import { SiteConsent } from './site-consent';

afterEach(() => {
  resetConsentStore();
  document.head.innerHTML = '';
});

describe('the public site’s consent', () => {
  it('without optional services: no banner, and the footer link still opens the panel', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ConsentPreferencesLink />
        <SiteConsent />
      </>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cookie preferences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    expect(dialog).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reject all' }));
    expect(readConsentCookie()).toMatchObject({ analytics: false, errorMonitoring: false });
  });

  it('with a configured server: the banner asks', async () => {
    document.head.innerHTML =
      '<script type="application/json" id="cairn-config">{"analyticsId":"G-TEST123","errorReportingDsn":null}</script>';
    render(<SiteConsent />);
    expect(await screen.findByRole('region', { name: 'Your privacy choices' })).toBeVisible();
  });
});
