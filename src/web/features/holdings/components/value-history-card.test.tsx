import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { FormatPreferencesProvider } from '@/web/lib/preferences';
import { mockApi } from '@/web/test/mock-api';
import { renderWithScope } from '@/web/test/scope';
import { makeHolding } from '../test/fixtures';
import { ValueHistoryCard } from './value-history-card';

const FLAT = makeHolding({
  id: '00000000-0000-4000-8000-0000000000f1',
  class: 'real_estate',
  name: 'Flat in Lyon',
  symbol: null,
  quantity: '1',
  currency: 'GBP',
});
const url = `/holdings/${FLAT.id}/valuations`;
const V1 = '00000000-0000-4000-8000-0000000000a1';

afterEach(() => i18n.changeLanguage('en'));

describe('the value history card', () => {
  it('lists the points in the holding’s own currency, even with another display currency', async () => {
    mockApi({
      [`GET ${url}`]: {
        body: { currency: 'GBP', valuations: [{ id: V1, date: '2026-03-01', value: '275000.00' }] },
      },
    });
    renderWithScope(
      <FormatPreferencesProvider
        value={{
          currency: 'USD',
          dateFormat: 'yyyy-MM-dd',
          numberFormat: 'american',
          timeZone: null,
        }}
      >
        <ValueHistoryCard holding={FLAT} canEdit={false} />
      </FormatPreferencesProvider>,
    );
    const table = await screen.findByTestId('value-history');
    expect(within(table).getByText('2026-03-01')).toBeInTheDocument();
    expect(within(table).getByText('£275,000.00')).toBeInTheDocument();
    // A read-only viewer has no form and no delete.
    expect(screen.queryByRole('button', { name: /Add value|Delete/ })).toBeNull();
  });

  it('says what to do when empty, and adds a point', async () => {
    const api = mockApi({
      [`GET ${url}`]: { body: { currency: 'GBP', valuations: [] } },
      [`POST ${url}`]: {
        status: 201,
        body: { valuation: { id: V1, date: '2026-03-01', value: '1.00' } },
      },
      [`DELETE ${url}/${V1}`]: { status: 204, body: null },
    });
    renderWithScope(<ValueHistoryCard holding={FLAT} canEdit />);
    expect(await screen.findByText(/No value recorded yet\. Enter a date/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add value' }));
    expect(await screen.findByText('Enter the value')).toBeInTheDocument();
    expect(api.callsTo('POST', url)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Value (GBP)'), '280 000,50');
    await userEvent.click(screen.getByRole('button', { name: 'Add value' }));
    await waitFor(() => expect(api.callsTo('POST', url)).toHaveLength(1));
    expect(api.callsTo('POST', url)[0]?.body).toMatchObject({ value: '280000.50' });
  });

  it('deletes a point', async () => {
    const api = mockApi({
      [`GET ${url}`]: {
        body: { currency: 'GBP', valuations: [{ id: V1, date: '2026-03-01', value: '275000.00' }] },
      },
      [`DELETE ${url}/${V1}`]: { status: 204, body: null },
    });
    renderWithScope(<ValueHistoryCard holding={FLAT} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: /^Delete the value of/ }));
    await waitFor(() => expect(api.callsTo('DELETE', `${url}/${V1}`)).toHaveLength(1));
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    mockApi({ [`GET ${url}`]: { body: { currency: 'GBP', valuations: [] } } });
    renderWithScope(<ValueHistoryCard holding={FLAT} canEdit />);
    expect(await screen.findByText('Historique de valeur')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter la valeur' })).toBeInTheDocument();
  });
});
