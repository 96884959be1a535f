import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSettingsPage, resetApplied, settingsApi } from '../test/fixtures';
import { IntegrationsSettingsPage } from './integrations-settings-page';
import { PrivacySettingsPage } from './privacy-settings-page';
import { SubscriptionSettingsPage } from './subscription-settings-page';

afterEach(resetApplied);

describe('PrivacySettingsPage', () => {
  it('says what is kept and where, links to sessions and sharing, and what is not available', async () => {
    settingsApi();
    renderSettingsPage(<PrivacySettingsPage />, '/settings/privacy?portfolio=p1&sim=s1');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    expect(screen.getByText(/In the database of this Cairn server/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open security' })).toHaveAttribute(
      'href',
      '/settings/security?sim=s1',
    );
    expect(screen.getByRole('link', { name: 'Manage portfolios' })).toHaveAttribute(
      'href',
      '/portfolio-management?sim=s1',
    );
    expect(screen.getAllByText('Not available yet')).toHaveLength(2);
    expect(await screen.findByRole('switch', { name: /new sign-ins/ })).toBeChecked();
  });

  it('saves the sign-in alerts switch at once', async () => {
    const api = settingsApi();
    const user = userEvent.setup();
    renderSettingsPage(<PrivacySettingsPage />, '/settings/privacy');
    await user.click(await screen.findByRole('switch', { name: /new sign-ins/ }));
    await waitFor(() =>
      expect(api.patches()[0]?.body).toEqual({ notifications: { loginNotifications: false } }),
    );
    expect((await screen.findAllByText('Notification settings saved')).length).toBeGreaterThan(0);
  });
});

describe('SubscriptionSettingsPage and IntegrationsSettingsPage', () => {
  it('say Cairn is free, with nothing to manage', () => {
    settingsApi();
    renderSettingsPage(<SubscriptionSettingsPage />, '/settings/subscription');
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText(/no payment method on file/)).toBeInTheDocument();
    expect(document.title).toBe('Subscription · Settings · Cairn');
  });

  it('say prices are entered by hand and nothing is connected', () => {
    settingsApi();
    renderSettingsPage(<IntegrationsSettingsPage />, '/settings/integrations');
    expect(screen.getByText('Prices and values are entered by hand for now.')).toBeInTheDocument();
    expect(screen.getAllByText('Not connected')).toHaveLength(3);
  });
});
