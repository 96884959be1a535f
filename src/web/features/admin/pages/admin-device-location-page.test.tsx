import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/web/test/mock-api';
import { renderAdmin } from '../test/fixtures';
import { AdminDeviceLocationPage } from './admin-device-location-page';

afterEach(() => vi.restoreAllMocks());

describe('AdminDeviceLocationPage', () => {
  it('shows the server answer with the DB-IP credit, the time-zone guess and the device', async () => {
    const resolved = Intl.DateTimeFormat().resolvedOptions();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...resolved,
      timeZone: 'Europe/Paris',
    });
    mockApi({
      'GET /device-location': {
        body: {
          data: { ip: '203.0.113.9', country: 'France', city: null, region: 'Île-de-France' },
        },
      },
    });
    renderAdmin(<AdminDeviceLocationPage />, { route: '/admin/device-location' });
    expect(screen.getByRole('heading', { level: 1, name: 'Device location' })).toBeInTheDocument();
    expect(document.title).toBe('Device location · Admin · Cairn');

    const server = screen.getByRole('region', { name: 'Server answer' });
    expect(await screen.findByText('203.0.113.9')).toBeInTheDocument();
    expect(server).toHaveTextContent('France');
    expect(server).toHaveTextContent('CityUnknown');
    expect(server).toHaveTextContent('Île-de-France');
    const credit = screen.getByRole('link', { name: 'IP Geolocation by DB-IP' });
    expect(credit).toHaveAttribute('href', 'https://db-ip.com/');

    const guess = screen.getByRole('region', { name: 'Time-zone guess' });
    expect(guess).toHaveTextContent('Europe/Paris');
    expect(guess).toHaveTextContent('Paris, Europe');

    const device = screen.getByRole('region', { name: 'This device' });
    expect(device).toHaveTextContent(navigator.userAgent);
    expect(device).toHaveTextContent(`${window.screen.width} × ${window.screen.height} px`);
    expect(device).toHaveTextContent(navigator.language);
  });

  it('keeps the credit link when the server cannot answer', async () => {
    mockApi({});
    renderAdmin(<AdminDeviceLocationPage />, { route: '/admin/device-location' });
    expect(await screen.findByText('This list could not load.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toBeInTheDocument();
  });
});
