import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSettingsPage, resetApplied, settingsApi } from '../test/fixtures';
import { IntegrationsSettingsPage } from './integrations-settings-page';
import { PrivacySettingsPage } from './privacy-settings-page';
import { SubscriptionSettingsPage } from './subscription-settings-page';

afterEach(resetApplied);

describe('PrivacySettingsPage', () => {
  it('says what is kept and where, links to sessions and sharing, your data and its deletion', async () => {
    settingsApi();
    renderSettingsPage(<PrivacySettingsPage />, '/settings/privacy?portfolio=p1&sim=s1');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    expect(screen.getByText(/In the database of this Cairn server/)).toBeInTheDocument();
    expect(
      screen.getByText(/a copy of the data you last saw so that Cairn opens offline/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open security' })).toHaveAttribute(
      'href',
      '/settings/security?sim=s1',
    );
    expect(screen.getByRole('link', { name: 'Manage portfolios' })).toHaveAttribute(
      'href',
      '/portfolio-management?sim=s1',
    );
    expect(await screen.findByRole('button', { name: 'Prepare my data' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Delete your account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account…' })).toBeEnabled();
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

const subscription = (overrides: Record<string, unknown> = {}) => ({
  tier: 'free',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  managedBy: 'admin',
  limits: { portfolioAssets: 10, goals: 3 },
  features: [],
  usage: {
    portfolios: [{ portfolioId: '11111111-1111-4111-8111-111111111111', name: 'Main', assets: 4 }],
    goals: 0,
  },
  ...overrides,
});

describe('SubscriptionSettingsPage and IntegrationsSettingsPage', () => {
  it('shows the plan set by the admin, its usage against the limits and what it includes', async () => {
    settingsApi(undefined, {
      routes: { 'GET /subscription': { body: { subscription: subscription() } } },
    });
    renderSettingsPage(<SubscriptionSettingsPage />, '/settings/subscription');
    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText(/set by its administrator/)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Main/ })).toHaveTextContent('4 of 10');
    expect(screen.getByRole('row', { name: /Goals/ })).toHaveTextContent('0 of 3');
    expect(screen.getByText('API access')).toHaveTextContent('(not included)');
    // Each missing feature names the plan that has it.
    expect(screen.getByText('API access').closest('li')).toHaveTextContent('Enterprise');
    expect(screen.getByText('Data export').closest('li')).toHaveTextContent('Premium');
    expect(document.title).toBe('Subscription · Settings · Cairn');
  });

  it('says a portfolio above the limit keeps everything, and shows a pro plan as unlimited', async () => {
    settingsApi(undefined, {
      routes: {
        'GET /subscription': {
          body: {
            subscription: subscription({
              usage: {
                portfolios: [
                  { portfolioId: '11111111-1111-4111-8111-111111111111', name: 'Main', assets: 12 },
                ],
                goals: 0,
              },
            }),
          },
        },
      },
    });
    const view = renderSettingsPage(<SubscriptionSettingsPage />, '/settings/subscription');
    expect(await screen.findByText(/everything stays readable and editable/)).toBeInTheDocument();
    view.unmount();

    settingsApi(undefined, {
      routes: {
        'GET /subscription': {
          body: {
            subscription: subscription({
              tier: 'pro',
              limits: { portfolioAssets: null, goals: null },
              features: [
                'advanced_analytics',
                'data_export',
                'priority_support',
                'api_access',
                'unlimited_assets',
              ],
            }),
          },
        },
      },
    });
    renderSettingsPage(<SubscriptionSettingsPage />, '/settings/subscription');
    expect(await screen.findByText('Enterprise')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Main/ })).toHaveTextContent('4 (unlimited)');
    expect(screen.getByText('API access')).toHaveTextContent('(included)');
  });

  it('say where prices and rates come from, that amounts are converted, and that no bank is connected', () => {
    settingsApi();
    renderSettingsPage(<IntegrationsSettingsPage />, '/settings/integrations');
    const prices = screen.getByText('Prices').closest('li');
    expect(prices).toHaveTextContent(
      /daily close of their symbol, from Yahoo Finance and CoinGecko/,
    );
    expect(prices).toHaveTextContent(/otherwise as an administrator enters or imports them/);
    const rates = screen.getByText('Exchange rates').closest('li');
    expect(rates).toHaveTextContent(/European Central Bank’s daily reference rates/);
    expect(rates).toHaveTextContent(/converted with these rates, never relabelled/);
    expect(screen.queryByText(/entered by hand for now|nothing is converted/)).toBeNull();
    // Only the banks are "not connected": prices and rates depend on the server's providers.
    expect(screen.getAllByText('Not connected')).toHaveLength(1);
    expect(screen.getByText('Banks and brokers').closest('li')).toHaveTextContent('Not connected');
    expect(screen.getByText('Outgoing email').closest('li')).toHaveTextContent(
      /Without one, they are kept for its administrator/,
    );
  });
});
