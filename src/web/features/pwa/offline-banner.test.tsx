import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reportNetworkFailure, resetNetwork } from '@/web/lib/network';
import { createTestQueryClient, renderWithProviders } from '@/web/test/render';
import { OfflineBanner } from './offline-banner';

afterEach(() => {
  resetNetwork();
  onlineManager.setOnline(true);
});

function Page({ withKeptData }: { withKeptData: boolean }) {
  useQuery({ queryKey: ['kept'], queryFn: () => new Promise<string>(() => {}) });
  useQuery({
    queryKey: ['not kept'],
    queryFn: () => new Promise<string>(() => {}),
    enabled: !withKeptData,
  });
  return <OfflineBanner />;
}

describe('the offline banner', () => {
  it('says so when part of the page was not kept and waits for the network', async () => {
    act(() => reportNetworkFailure());
    onlineManager.setOnline(false);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['kept'], 'from the last visit');
    renderWithProviders(<Page withKeptData={false} />, { queryClient });
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent(
      'Network unavailable - showing offline mode',
    );
    expect(await screen.findByTestId('offline-missing')).toHaveTextContent(
      'Parts of this page were not saved on your last visit',
    );
  });

  it('says nothing more when everything shown was kept', async () => {
    act(() => reportNetworkFailure());
    onlineManager.setOnline(false);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['kept'], 'from the last visit');
    renderWithProviders(<Page withKeptData />, { queryClient });
    expect(await screen.findByTestId('offline-banner')).toBeVisible();
    expect(screen.queryByTestId('offline-missing')).toBeNull();
  });
});
