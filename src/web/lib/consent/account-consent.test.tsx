import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentResponse } from '@/contracts/consent';
import { apiError, mockApi, testSession } from '@/web/test/mock-api';
import { createTestQueryClient } from '@/web/test/render';
import { AppConsent } from './account-consent';
import {
  getConsent,
  readConsentCookie,
  resetConsentStore,
  writeConsentCookie,
} from './consent-store';

const CONFIG_ELEMENT =
  '<script type="application/json" id="cairn-config">{"analyticsId":"G-TEST123","errorReportingDsn":null}</script>';

const stored = (analytics: boolean, errorMonitoring: boolean): ConsentResponse => ({
  consent: {
    analytics,
    errorMonitoring,
    termsVersion: '1.0.0',
    privacyVersion: '1.0.0',
    consentDate: '2026-11-20T10:00:00.000Z',
    current: true,
  },
  termsVersion: '1.0.0',
  privacyVersion: '1.0.0',
});
const none: ConsentResponse = { consent: null, termsVersion: '1.0.0', privacyVersion: '1.0.0' };

function renderApp() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <AppConsent />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetConsentStore();
  document.head.insertAdjacentHTML('beforeend', CONFIG_ELEMENT);
});
afterEach(() => {
  resetConsentStore();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
});

describe('the account and the browser', () => {
  it("applies the account's choice on a new device, without asking", async () => {
    mockApi({
      'GET /auth/session': { body: testSession() },
      'GET /privacy/consent': { body: stored(false, true) },
    });
    renderApp();
    await waitFor(() =>
      expect(readConsentCookie()).toMatchObject({ analytics: false, errorMonitoring: true }),
    );
    expect(screen.queryByRole('region', { name: 'Your privacy choices' })).toBeNull();
  });

  it("records the browser's choice on an account without one", async () => {
    writeConsentCookie({
      analytics: true,
      errorMonitoring: false,
      version: '1.0.0',
      date: new Date().toISOString(),
    });
    const api = mockApi({
      'GET /auth/session': { body: testSession() },
      'GET /privacy/consent': { body: none },
      'PUT /privacy/consent': { body: stored(true, false) },
    });
    renderApp();
    await waitFor(() =>
      expect(api.callsTo('PUT', '/privacy/consent')).toEqual([
        {
          method: 'PUT',
          path: '/privacy/consent',
          body: { analytics: true, errorMonitoring: false },
        },
      ]),
    );
  });

  it('asks a signed-in user without a choice, and records the answer', async () => {
    const api = mockApi({
      'GET /auth/session': { body: testSession() },
      'GET /privacy/consent': { body: none },
      'PUT /privacy/consent': { body: stored(false, false) },
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: 'Reject all' }));
    await waitFor(() => expect(api.callsTo('PUT', '/privacy/consent')).toHaveLength(1));
    expect(api.callsTo('PUT', '/privacy/consent')[0]?.body).toEqual({
      analytics: false,
      errorMonitoring: false,
    });
    expect(await screen.findByText('Your choices are saved.')).toBeVisible();
  });

  it('keeps the choice on this browser and says so when saving fails', async () => {
    mockApi({
      'GET /auth/session': { body: testSession() },
      'GET /privacy/consent': { body: none },
      'PUT /privacy/consent': apiError(503, 'DATABASE_UNAVAILABLE'),
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: 'Accept all' }));
    expect(await screen.findByText('Failed to save consent preferences')).toBeVisible();
    expect(getConsent()).toMatchObject({ analytics: true, errorMonitoring: true });
  });

  it('signed out: asks, and records nothing on the server', async () => {
    const api = mockApi({ 'GET /auth/session': { body: null } });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: 'Accept all' }));
    expect(readConsentCookie()).toMatchObject({ analytics: true });
    expect(api.calls.filter((call) => call.path.startsWith('/privacy'))).toEqual([]);
  });
});
