import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES, type Settings } from '@/contracts/settings';
import type { Subscription } from '@/contracts/subscription';
import { browserLocation } from '@/web/lib/browser-location';
import { apiError, type Reply } from '@/web/test/mock-api';
import { renderSettingsPage, resetApplied, settingsApi, testSettings } from '../test/fixtures';
import { SubscriptionSettingsPage } from './subscription-settings-page';

afterEach(async () => {
  focusManager.setFocused(undefined);
  await resetApplied();
});

function plan(overrides: Partial<Subscription> = {}): Subscription {
  return {
    tier: 'free',
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: null,
    managedBy: 'admin',
    billingAvailable: true,
    limits: { portfolioAssets: 10, goals: 3 },
    features: [],
    usage: {
      portfolios: [
        { portfolioId: '33333333-3333-4333-8333-333333333333', name: 'My Portfolio', assets: 2 },
      ],
      goals: 0,
    },
    ...overrides,
  };
}

function setup(
  subscription: Subscription,
  {
    route = '/settings/subscription',
    settings = testSettings(),
    checkout = { body: { url: 'https://checkout.stripe.test/c/pay/cs_1' } },
    portal = { body: { url: 'https://billing.stripe.test/p/session/bps_1' } },
  }: { route?: string; settings?: Settings; checkout?: Reply; portal?: Reply } = {},
) {
  const api = settingsApi(settings, {
    routes: {
      'GET /subscription': { body: { subscription } },
      'POST /subscription/checkout': checkout,
      'POST /subscription/portal': portal,
    },
  });
  const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  const user = userEvent.setup();
  renderSettingsPage(<SubscriptionSettingsPage />, route);
  return { api, assign, user };
}

const planCard = (name: string) =>
  screen.getByRole('heading', { name, level: 3 }).closest('li') as HTMLElement;

describe('SubscriptionSettingsPage without a payment provider', () => {
  it('says plans are set by the administrator and offers nothing to buy', async () => {
    setup(plan({ billingAvailable: false }));
    expect(
      await screen.findByText(/Plans on this installation are set by its administrator/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Plans' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upgrade|Choose|Manage billing/ })).toBeNull();
    expect(screen.getByText(/ask the administrator of this installation/)).toBeInTheDocument();
  });
});

describe('SubscriptionSettingsPage with a payment provider', () => {
  it('shows the paid plans with their prices and sends the browser to the checkout', async () => {
    const { api, assign, user } = setup(plan());
    const premium = await waitFor(() => planCard('Premium'));
    expect(within(premium).getByText('$9')).toBeInTheDocument();
    expect(within(premium).getByText('Up to 50 assets per portfolio')).toBeInTheDocument();
    expect(within(planCard('Enterprise')).getByText('$29')).toBeInTheDocument();
    expect(within(planCard('Enterprise')).getByText('API access')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Upgrade to Enterprise' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'),
    );
    expect(api.callsTo('POST', '/subscription/checkout').map((call) => call.body)).toEqual([
      { tier: 'pro' },
    ]);
    // Pending until the page is gone; no second checkout meanwhile.
    const opening = within(planCard('Enterprise')).getByRole('button', { name: 'Opening…' });
    expect(opening).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeDisabled();
  });

  it('shows prices in euros in French', async () => {
    await i18n.changeLanguage('fr');
    setup(plan(), {
      settings: testSettings({ preferences: { ...DEFAULT_PREFERENCES, language: 'fr' } }),
    });
    const premium = await waitFor(() => planCard('Premium'));
    expect(within(premium).getByText(/^9\s€$/)).toBeInTheDocument();
    expect(within(planCard('Entreprise')).getByText(/^29\s€$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Passer à Entreprise' })).toBeEnabled();
  });

  it('shows a failed checkout through the error alert, the buttons usable again', async () => {
    const { assign, user } = setup(plan(), { checkout: apiError(502, 'BILLING_UNAVAILABLE') });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment provider could not be reached. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('manages a billed plan: the end date, the portal, and a switch for the other plan', async () => {
    const { api, assign, user } = setup(
      plan({
        tier: 'classic',
        managedBy: 'billing',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: '2026-12-24T10:00:00.000Z',
        features: ['advanced_analytics', 'data_export', 'priority_support'],
      }),
    );
    expect(await screen.findByText(/^Ends on/)).toHaveTextContent('24/12/2026');
    expect(within(planCard('Premium')).getByText('Current plan')).toBeInTheDocument();
    expect(within(planCard('Premium')).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Switch to Enterprise' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p/session/bps_1'),
    );
    expect(api.callsTo('POST', '/subscription/portal')).toHaveLength(1);
  });

  it('says when a billed plan renews, and asks to fix a failed payment', async () => {
    setup(
      plan({
        tier: 'pro',
        status: 'past_due',
        managedBy: 'billing',
        currentPeriodEnd: '2026-12-24T10:00:00.000Z',
      }),
    );
    expect(await screen.findByText(/^Renews on/)).toBeInTheDocument();
    expect(screen.getByText(/Your last payment failed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeEnabled();
    expect(within(planCard('Enterprise')).getByText('Current plan')).toBeInTheDocument();
  });

  it('offers to subscribe again after a billed plan ended', async () => {
    setup(plan({ tier: 'pro', status: 'canceled', managedBy: 'billing' }));
    expect(await screen.findByText(/Your subscription has ended/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Enterprise' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeEnabled();
  });

  it('thanks the user back from a checkout and looks at the plan again', async () => {
    const { api } = setup(plan(), { route: '/settings/subscription?checkout=success' });
    expect(
      await screen.findByText('Thanks! Your plan will update in a moment.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/subscription')).toHaveLength(1));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(api.callsTo('GET', '/subscription')).toHaveLength(2));
  });

  it('says nothing changed after a cancelled checkout', async () => {
    setup(plan(), { route: '/settings/subscription?checkout=cancelled' });
    expect(await screen.findByText('Checkout cancelled: nothing has changed.')).toBeInTheDocument();
  });
});
