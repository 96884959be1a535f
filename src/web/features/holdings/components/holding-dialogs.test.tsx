import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Holding } from '@/contracts/holdings';
import { apiError, mockApi } from '@/web/test/mock-api';
import { renderWithScope, SIM_ID } from '@/web/test/scope';
import { makeHolding } from '../test/fixtures';
import { DeleteHoldingDialog, EditHoldingDialog } from './holding-actions';

afterEach(() => {
  vi.restoreAllMocks();
  // Toasts live in one store for the whole file: a new Toaster would show the last test's.
  toast.dismiss();
});

const ID = '00000000-0000-4000-8000-000000000001';

const holding = (overrides: Partial<Holding>) => makeHolding({ id: ID, ...overrides });

const estate = holding({
  class: 'real_estate',
  name: 'Flat in Lyon',
  symbol: null,
  quantity: '1',
  purchasePrice: '250000',
  currentPrice: '270000',
  details: { propertyType: 'apartment', address: '1 rue de la République' },
});

function fetchedUrls(spy: ReturnType<typeof mockApi>['spy'], method: string) {
  return spy.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input]) => String(input));
}

describe('the edit dialog', () => {
  it('sends the price as GET names it, in the active simulation, and says so in the class’s words', async () => {
    const api = mockApi({
      [`PATCH /holdings/${ID}`]: { body: { holding: holding({ currentPrice: '190' }) } },
    });
    const onClose = vi.fn();
    renderWithScope(<EditHoldingDialog holding={holding({})} onClose={onClose} />, {
      simulation: true,
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit Apple Inc.' });
    await userEvent.clear(within(dialog).getByLabelText('Current price'));
    await userEvent.type(within(dialog).getByLabelText('Current price'), '190,5');
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'closed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Investment updated successfully')).toBeInTheDocument();
    // Only what changed is sent.
    expect(api.callsTo('PATCH', `/holdings/${ID}`)[0]?.body).toEqual({
      currentPrice: '190.5',
      status: 'closed',
    });
    expect(fetchedUrls(api.spy, 'PATCH')[0]).toContain(`?sim=${SIM_ID}`);
    expect(onClose).toHaveBeenCalled();
  });

  it('edits a property’s current value as currentPrice, checking the amount rule first', async () => {
    const api = mockApi({
      [`PATCH /holdings/${ID}`]: { body: { holding: estate } },
    });
    renderWithScope(<EditHoldingDialog holding={estate} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    const value = within(dialog).getByLabelText('Current value');
    expect(value).toHaveValue('270000');
    await userEvent.clear(value);
    await userEvent.type(value, '280000.123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('Amount cannot have more than 2 decimal places'),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/holdings/${ID}`)).toHaveLength(0);
    await userEvent.clear(value);
    await userEvent.type(value, '280000');
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'sold');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Real estate investment updated successfully'),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/holdings/${ID}`)[0]?.body).toEqual({
      currentPrice: '280000',
      status: 'sold',
    });
  });

  it('asks a savings account for its name only: the balance moves by deposits', async () => {
    const account = holding({
      class: 'savings',
      name: 'Livret A',
      symbol: null,
      details: { accountType: 'livret_a' },
    });
    const api = mockApi({ [`PATCH /holdings/${ID}`]: { body: { holding: account } } });
    renderWithScope(<EditHoldingDialog holding={account} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText('Current price')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Status')).not.toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Rainy day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Savings account updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/holdings/${ID}`)[0]?.body).toEqual({ name: 'Rainy day' });
  });

  it('names a missing cryptocurrency, in a toast and in the dialog', async () => {
    mockApi({
      [`PATCH /holdings/${ID}`]: apiError(404, 'HOLDING_NOT_FOUND', { class: 'crypto' }),
    });
    const coin = holding({ class: 'crypto', name: 'Bitcoin', symbol: 'BTC' });
    const onClose = vi.fn();
    renderWithScope(<EditHoldingDialog holding={coin} onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('Name'), ' Core');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update cryptocurrency')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'Cryptocurrency not found',
    );
    // The toast's description says it too.
    expect(screen.getAllByText('Cryptocurrency not found')).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts the server’s translated field errors under their fields', async () => {
    mockApi({
      [`PATCH /holdings/${ID}`]: apiError(400, 'VALIDATION_ERROR', {
        issues: [{ path: 'status', message: 'Choose a status from the list' }],
      }),
    });
    renderWithScope(<EditHoldingDialog holding={holding({})} onClose={() => {}} />);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'closed');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update investment')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveAccessibleDescription(
      'Choose a status from the list',
    );
  });

  it('edits the class’s own fields and the currency, and says when the ledger locks it', async () => {
    const api = mockApi({
      [`PATCH /holdings/${ID}`]: apiError(400, 'VALIDATION_ERROR', {
        issues: [
          {
            path: 'currency',
            message:
              'The currency cannot change once the asset has transactions other than its opening purchase',
          },
        ],
      }),
    });
    renderWithScope(<EditHoldingDialog holding={holding({})} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByLabelText('Symbol')).toHaveValue('AAPL');
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'USD');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Sector/), 'Technology');
    await userEvent.type(within(dialog).getByLabelText(/Notes/), 'Core position');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(api.callsTo('PATCH', `/holdings/${ID}`)[0]?.body).toEqual({
      currency: 'USD',
      details: { sector: 'Technology', notes: 'Core position' },
    });
    expect(await within(dialog).findByLabelText('Currency')).toHaveAccessibleDescription(
      expect.stringContaining(
        'The currency cannot change once the asset has transactions other than its opening purchase',
      ),
    );
  });

  it('edits a savings account’s bank, type and logo address, not its balance or rate', async () => {
    const account = holding({
      class: 'savings',
      name: 'Livret A',
      symbol: null,
      details: { accountType: 'livret_a', bankName: 'BNP Paribas', taxRate: '0' },
    });
    const api = mockApi({ [`PATCH /holdings/${ID}`]: { body: { holding: account } } });
    renderWithScope(<EditHoldingDialog holding={account} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText(/Balance/)).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Interest rate/)).not.toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Bank'));
    await userEvent.type(within(dialog).getByLabelText('Bank'), 'La Banque Postale');
    await userEvent.type(
      within(dialog).getByLabelText(/Bank logo/),
      'https://www.labanquepostale.fr/logo.png',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Savings account updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/holdings/${ID}`)[0]?.body).toEqual({
      details: {
        bankName: 'La Banque Postale',
        bankLogoUrl: 'https://www.labanquepostale.fr/logo.png',
      },
    });
  });

  it('closes without a request when nothing changed', async () => {
    const api = mockApi({});
    const onClose = vi.fn();
    renderWithScope(<EditHoldingDialog holding={holding({})} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo('PATCH', `/holdings/${ID}`)).toHaveLength(0);
  });
});

describe('the delete dialog', () => {
  it('confirms in the class’s words', async () => {
    const account = holding({ class: 'savings', name: 'PEL', symbol: null });
    const api = mockApi({ [`DELETE /holdings/${ID}`]: { body: null } });
    const onClose = vi.fn();
    renderWithScope(<DeleteHoldingDialog holding={account} onClose={onClose} />);
    expect(
      screen.getByText('The account is closed and leaves your lists; its history is kept.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Savings account deleted successfully')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/holdings/${ID}`)).toHaveLength(1);
    expect(onClose).toHaveBeenCalled();
  });

  it('says why it failed, with the spec’s prefix', async () => {
    mockApi({ [`DELETE /holdings/${ID}`]: apiError(403, 'REAL_ASSET_IN_SIMULATION') });
    const onClose = vi.fn();
    renderWithScope(<DeleteHoldingDialog holding={estate} onClose={onClose} />, {
      simulation: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete real estate investment')).toBeInTheDocument();
    const reason =
      'Cannot delete real assets in simulation mode. Switch to real portfolio to delete real assets.';
    await waitFor(() => expect(screen.getAllByText(reason)).toHaveLength(2));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('names a missing investment, or an asset when the class is unknown', async () => {
    mockApi({ [`DELETE /holdings/${ID}`]: apiError(404, 'HOLDING_NOT_FOUND') });
    const generic = holding({ class: 'generic', name: 'Gold bar', symbol: null });
    renderWithScope(<DeleteHoldingDialog holding={generic} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete asset')).toBeInTheDocument();
    expect(within(screen.getByRole('alertdialog')).getByRole('alert')).toHaveTextContent(
      'Asset not found',
    );
  });
});
