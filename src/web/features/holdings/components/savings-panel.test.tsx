import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Holding } from '@/contracts/holdings';
import { latestToday } from '@/contracts/input-rules';
import type { SavingsDetail } from '@/contracts/savings';
import { formatTypedDate } from '@/web/lib/date-input';
import { apiError, mockApi } from '@/web/test/mock-api';
import { renderWithScope } from '@/web/test/scope';
import { SavingsPanel } from './savings-panel';

const ID = '00000000-0000-4000-8000-0000000000ee';
const ALERT = '00000000-0000-4000-8000-0000000000ef';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const holding = {
  id: ID,
  class: 'savings',
  name: 'Compte à terme',
  symbol: null,
  currency: 'EUR',
  quantity: '9400',
} as unknown as Holding;

const detail: SavingsDetail = {
  rates: [
    {
      id: '00000000-0000-4000-8000-0000000000f1',
      interestRate: '0.03',
      compoundingFrequency: 'monthly',
      rateType: 'standard',
      startDate: '2026-01-01',
      endDate: null,
      notes: null,
    },
  ],
  transactions: [],
  alerts: [
    {
      id: ALERT,
      kind: 'below_minimum',
      data: { balance: '9400', minimumBalance: '9500' },
      isAcknowledged: false,
      createdAt: '2026-11-22T09:00:00.000Z',
    },
  ],
  accrual: {
    balance: '9400.00',
    currency: 'EUR',
    annualRate: '0.03',
    compoundingFrequency: 'monthly',
    projectedYearInterest: '285.91',
    accruedThisYear: '250.00',
    interestPaidThisYear: '0.00',
    taxWithheldThisYear: '0.00',
    isTaxExempt: false,
  },
};

const routes = (extra: Parameters<typeof mockApi>[0] = {}) => ({
  [`GET /holdings/${ID}/savings`]: { body: detail },
  ...extra,
});

/** The calendar day after `date` (YYYY-MM-DD). */
const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const render = () => renderWithScope(<SavingsPanel holding={holding} canEdit />);

describe('the savings panel', () => {
  it('changes the rate with its compounding frequency', async () => {
    const api = mockApi(
      routes({
        [`POST /holdings/${ID}/savings/rate`]: {
          status: 201,
          body: { rate: { ...detail.rates[0], interestRate: '0.025' } },
        },
      }),
    );
    render();
    const form = await screen.findByRole('form', { name: 'Change the interest rate' });
    // The account's compounding is chosen until another is.
    expect(within(form).getByLabelText('Compounding')).toHaveValue('monthly');
    await userEvent.type(within(form).getByLabelText('New rate (% a year)'), '2,5');
    await userEvent.clear(within(form).getByLabelText('From'));
    await userEvent.type(within(form).getByLabelText('From'), '2026-08-01');
    await userEvent.selectOptions(within(form).getByLabelText('Compounding'), 'quarterly');
    await userEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Interest rate changed')).toBeInTheDocument();
    expect(api.callsTo('POST', `/holdings/${ID}/savings/rate`)[0]?.body).toEqual({
      interestRate: '2.5',
      startDate: '2026-08-01',
      compoundingFrequency: 'quarterly',
    });
  });

  it('shows a start refused as too early with the earliest date, readable', async () => {
    mockApi(
      routes({
        [`POST /holdings/${ID}/savings/rate`]: apiError(422, 'RATE_START_TOO_EARLY', {
          date: '2026-01-01',
        }),
      }),
    );
    render();
    const form = await screen.findByRole('form', { name: 'Change the interest rate' });
    await userEvent.type(within(form).getByLabelText('New rate (% a year)'), '2');
    await userEvent.clear(within(form).getByLabelText('From'));
    await userEvent.type(within(form).getByLabelText('From'), '2025-12-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The new rate cannot start before Jan 1, 2026 (the last rate change or the opening date).',
    );
  });

  it('records a deposit', async () => {
    const api = mockApi(
      routes({
        [`POST /holdings/${ID}/savings/transactions`]: {
          status: 201,
          body: {
            transaction: {
              id: '00000000-0000-4000-8000-0000000000f2',
              transactionType: 'deposit',
              transactionDate: '2026-11-22',
              amount: '500.00',
              taxWithheld: '0.00',
              notes: null,
              createdAt: '2026-11-22T09:00:00.000Z',
            },
            balance: '9900.00',
          },
        },
      }),
    );
    render();
    const form = await screen.findByRole('form', { name: 'Record a movement' });
    expect(within(form).getByLabelText('Type')).toHaveValue('deposit');
    await userEvent.type(within(form).getByLabelText('Amount'), '500');
    await userEvent.clear(within(form).getByLabelText('Date'));
    await userEvent.type(within(form).getByLabelText('Date'), '2026-11-22');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Movement recorded')).toBeInTheDocument();
    expect(api.callsTo('POST', `/holdings/${ID}/savings/transactions`)[0]?.body).toEqual({
      transactionType: 'deposit',
      amount: '500',
      transactionDate: '2026-11-22',
    });
    expect(within(form).getByLabelText('Amount')).toHaveValue('');
  });

  it('bounds its dates and refuses a day after today before sending, in English and in French', async () => {
    const api = mockApi(routes());
    render();
    const movement = await screen.findByRole('form', { name: 'Record a movement' });
    const rate = screen.getByRole('form', { name: 'Change the interest rate' });
    // Each calendar ends today.
    for (const [form, label] of [
      [movement, 'Date'],
      [rate, 'From'],
    ] as const) {
      await userEvent.clear(within(form).getByLabelText(label));
      await userEvent.type(
        within(form).getByLabelText(label),
        formatTypedDate(latestToday(), 'MM/dd/yyyy'),
      );
      await userEvent.click(within(form).getByRole('button', { name: 'Choose a date' }));
      expect(await screen.findByRole('button', { name: 'Go to the Next Month' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await userEvent.keyboard('{Escape}');
    }
    await userEvent.type(within(movement).getByLabelText('Amount'), '500');
    await userEvent.clear(within(movement).getByLabelText('Date'));
    await userEvent.type(within(movement).getByLabelText('Date'), dayAfter(latestToday()));
    await userEvent.click(within(movement).getByRole('button', { name: 'Record' }));
    const date = within(movement).getByLabelText('Date');
    expect(date).toHaveAccessibleDescription('Date cannot be in the future');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(within(rate).getByLabelText('New rate (% a year)'), '2');
    await userEvent.clear(within(rate).getByLabelText('From'));
    await userEvent.type(within(rate).getByLabelText('From'), '1899-12-31');
    await userEvent.click(within(rate).getByRole('button', { name: 'Apply' }));
    expect(within(rate).getByLabelText('From')).toHaveAccessibleDescription(
      'Date must be between 1900-01-01 and 2999-12-31',
    );
    expect(api.callsTo('POST', `/holdings/${ID}/savings/transactions`)).toHaveLength(0);
    expect(api.callsTo('POST', `/holdings/${ID}/savings/rate`)).toHaveLength(0);
    await i18n.changeLanguage('fr');
    await waitFor(() =>
      expect(within(movement).getByLabelText('Date')).toHaveAccessibleDescription(
        'La date ne peut pas être dans le futur',
      ),
    );
  }, 20_000);

  it('shows the early-withdrawal penalty translated, in English and in French', async () => {
    mockApi(
      routes({
        [`POST /holdings/${ID}/savings/transactions`]: apiError(422, 'EARLY_WITHDRAWAL_PENALTY', {
          amount: '20.00',
          currency: 'EUR',
        }),
      }),
    );
    render();
    const form = await screen.findByRole('form', { name: 'Record a movement' });
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'withdrawal');
    await userEvent.type(within(form).getByLabelText('Amount'), '1000');
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Early withdrawal penalty applies: 20.00 EUR',
    );
    await i18n.changeLanguage('fr');
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(
        'Pénalité de retrait anticipé applicable : 20.00 EUR',
      ),
    );
  });

  it('acknowledges an alert', async () => {
    const api = mockApi(routes({ [`POST /savings-alerts/${ALERT}/acknowledge`]: { body: null } }));
    render();
    const alerts = await screen.findByRole('list', { name: 'Alerts' });
    expect(alerts).toHaveTextContent('Balance €9,400.00 is below the minimum of €9,500.00.');
    await userEvent.click(within(alerts).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/savings-alerts/${ALERT}/acknowledge`)).toHaveLength(1),
    );
    // Acknowledging refetches the account.
    await waitFor(() => expect(api.callsTo('GET', `/holdings/${ID}/savings`)).toHaveLength(2));
  });

  it('offers no forms to a read-only viewer', async () => {
    mockApi(routes());
    renderWithScope(<SavingsPanel holding={holding} canEdit={false} />);
    expect(await screen.findByRole('list', { name: 'Alerts' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });
});
