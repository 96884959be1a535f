import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18n from 'i18next';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Holding } from '@/contracts/holdings';
import type { Portfolio, Simulation } from '@/contracts/portfolios';
import type { Transaction } from '@/contracts/transactions';
import type * as DomainSearch from '@/domain/search';
import { type ActiveScope, ActiveScopeContext, portfolioScopedKeys } from '@/web/lib/active-scope';
import { mockApi } from '@/web/test/mock-api';
import { makeGoal } from '@/web/test/goals';
import { renderWithProviders } from '@/web/test/render';
import { PORTFOLIO_ID, renderWithScope, SIM_ID } from '@/web/test/scope';
import { SEARCH_SOURCES } from '../registry';
import { defineSource, type SearchSource } from '../sources/source';
import { SearchPalette } from './search-palette';

/** Set to make the next search throw (the palette must clear and log). */
const failing = vi.hoisted(() => ({ next: false }));
vi.mock('@/domain/search', async (original) => {
  const actual = await original<typeof DomainSearch>();
  return {
    ...actual,
    search: (...args: Parameters<typeof actual.search>) => {
      if (failing.next) {
        failing.next = false;
        throw new Error('search failed');
      }
      return actual.search(...args);
    },
  };
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const AIRBUS_ID = '00000000-0000-4000-8000-000000000001';

function holding(overrides: Partial<Holding>): Holding {
  return {
    id: AIRBUS_ID,
    portfolioId: PORTFOLIO_ID,
    simulationId: null,
    class: 'market',
    name: 'Airbus SE',
    symbol: 'AIR.PA',
    quantity: '10',
    purchasePrice: '150',
    currentPrice: '180',
    purchaseDate: '2024-01-10',
    currency: 'EUR',
    status: 'active',
    isActive: true,
    costBasis: '1500.00',
    lastPrice: '180',
    priceSource: 'manual',
    priceDate: '2026-01-01',
    marketValue: '1800.00',
    dayChange: null,
    gainLoss: '300.00',
    gainLossPercent: '20.00',
    details: { exchange: 'LSE', sector: 'Industrials' },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const transaction = {
  id: '00000000-0000-4000-8000-0000000000t1'.replace('t1', '11'),
  portfolioId: PORTFOLIO_ID,
  simulationId: null,
  assetId: AIRBUS_ID,
  assetType: 'market',
  assetName: 'Airbus SE',
  assetSymbol: 'AIR.PA',
  transactionType: 'dividend',
  quantity: '10',
  price: '2.5',
  fees: '0',
  amount: '25.00',
  currency: 'EUR',
  exchangeRateToBase: '1',
  tradeDate: '2025-04-22',
  settlementDate: '2025-04-22',
  broker: null,
  accountId: null,
  notes: null,
  status: 'completed',
  costBasisMethod: null,
  createdAt: '2025-04-22T00:00:00.000Z',
  updatedAt: '2025-04-22T00:00:00.000Z',
  tax: null,
  taxTotal: null,
} as Transaction;

function mockPortfolio() {
  return mockApi({
    [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: {
      body: {
        holdings: [
          holding({}),
          holding({
            id: '00000000-0000-4000-8000-000000000002',
            class: 'savings',
            name: 'Livret A',
            symbol: null,
            marketValue: '12000.00',
            details: { bankName: 'Banque Populaire', accountType: 'livret_a' },
          }),
        ],
      },
    },
    [`GET /portfolios/${PORTFOLIO_ID}/transactions`]: {
      body: { transactions: [transaction], page: 1, pageSize: 200, hasMore: false },
    },
    [`GET /portfolios/${PORTFOLIO_ID}/goals`]: {
      body: {
        goals: [
          makeGoal({
            id: GOAL_ID,
            title: 'Tour du monde',
            category: 'travel',
            targetAmount: '12000',
            targetDate: '2029-05-01',
            progress: { percent: 37.5 },
          }),
        ],
        limit: 3,
        count: 1,
      },
    },
  });
}

const GOAL_ID = '00000000-0000-4000-8000-00000000900d';

const allPages = () => true;

function renderPalette(options: { sources?: readonly SearchSource<never>[]; route?: string } = {}) {
  const onOpenChange = vi.fn();
  const view = renderWithScope(
    <SearchPalette open onOpenChange={onOpenChange} hasPage={allPages} sources={options.sources} />,
    { route: options.route ?? `/dashboard?portfolio=${PORTFOLIO_ID}` },
  );
  return { ...view, onOpenChange };
}

describe('the global search palette', () => {
  it('opens titled Global Search, with the empty prompt and its keys', async () => {
    mockPortfolio();
    renderPalette();
    const dialog = await screen.findByRole('dialog', { name: 'Global Search' });
    expect(within(dialog).getByRole('combobox', { name: 'Search' })).toHaveFocus();
    expect(within(dialog).getByText('Start typing to search')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter')).toBeInTheDocument();
    expect(within(dialog).getByText('Esc')).toBeInTheDocument();
  });

  it('finds a holding by a misspelt subsequence, with its symbol, amount and status, grouped by category', async () => {
    mockPortfolio();
    renderPalette();
    const input = await screen.findByRole('combobox', { name: 'Search' });
    await userEvent.type(input, 'arbs');
    // While the 300 ms debounce runs, the spinner shows.
    expect(screen.getByRole('status', { name: 'Searching…' })).toBeInTheDocument();
    const listbox = await screen.findByRole('listbox', { name: 'Global Search' });
    const market = await within(listbox).findByRole('group', { name: 'Market' });
    const option = within(market).getByRole('option', { name: /Airbus SE/ });
    expect(option).toHaveTextContent('AIR.PA');
    expect(option).toHaveTextContent('LSE · Industrials');
    expect(option).toHaveTextContent('€1,800.00');
    expect(option).toHaveTextContent('Active');
    // The transaction of the same asset is found too, in its own group.
    const transactions = within(listbox).getByRole('group', { name: 'Transactions' });
    expect(within(transactions).getByRole('option')).toHaveTextContent('Dividend · Airbus SE');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', option.id);
    const footer = screen.getByTestId('search-footer');
    expect(footer).toHaveTextContent('2 results');
    expect(footer).toHaveTextContent(/\d+(\.\d)? ms/);
  });

  it('moves with the arrows and goes to the active result with Enter, keeping the scope, then closes', async () => {
    mockPortfolio();
    const { router, onOpenChange } = renderPalette();
    const input = await screen.findByRole('combobox', { name: 'Search' });
    await userEvent.type(input, 'airbus');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const { pathname, search, hash } = router.state.location;
    expect(pathname).toBe('/transactions');
    const params = new URLSearchParams(search);
    expect(params.get('portfolio')).toBe(PORTFOLIO_ID);
    expect(params.get('assetId')).toBe(AIRBUS_ID);
    expect(params.get('type')).toBe('dividend');
    expect(hash).toBe(`#transaction-${transaction.id}`);
  });

  it('goes to a holding with a click', async () => {
    mockPortfolio();
    const { router } = renderPalette();
    await userEvent.type(await screen.findByRole('combobox'), 'livret');
    await userEvent.click(await screen.findByRole('option', { name: /Livret A/ }));
    expect(router.state.location.pathname).toBe('/assets/savings');
    expect(router.state.location.hash).toBe('#holding-00000000-0000-4000-8000-000000000002');
  });

  it('says when nothing matches, with the hint', async () => {
    mockPortfolio();
    renderPalette();
    await userEvent.type(await screen.findByRole('combobox'), 'zzzz');
    expect(await screen.findByText('No results found for “zzzz”')).toBeInTheDocument();
    expect(
      screen.getByText('Try asset names, transaction types or goal titles.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('finds pages and settings as go-to actions in either language, and speaks French', async () => {
    mockPortfolio();
    await i18n.changeLanguage('fr');
    const { router } = renderPalette();
    const dialog = await screen.findByRole('dialog', { name: 'Recherche globale' });
    const input = within(dialog).getByRole('combobox', { name: 'Rechercher' });
    // An English word finds the French page too.
    await userEvent.type(input, 'savings');
    const pages = await within(dialog).findByRole('group', { name: 'Pages' });
    expect(
      within(pages).getByRole('option', { name: /Aller à Comptes d’épargne/ }),
    ).toBeInTheDocument();
    // Amounts and types in French.
    await userEvent.clear(input);
    await userEvent.type(input, 'dividende');
    const option = await within(dialog).findByRole('option', { name: /Dividende · Airbus SE/ });
    expect(option).toHaveTextContent('25,00 €');
    await userEvent.clear(input);
    await userEvent.type(input, 'securite');
    const settings = await within(dialog).findByRole('group', { name: 'Réglages' });
    await userEvent.click(within(settings).getByRole('option', { name: /Sécurité/ }));
    // Settings carry only the simulation (no ?portfolio=).
    expect(router.state.location.pathname).toBe('/settings/security');
    expect(router.state.location.search).toBe('');
  });

  it('finds a goal by its title or its category in either language, and opens it', async () => {
    mockPortfolio();
    await i18n.changeLanguage('fr');
    const { router } = renderPalette();
    const input = await screen.findByRole('combobox', { name: 'Rechercher' });
    // The English category finds it too.
    await userEvent.type(input, 'travel');
    const goals = await screen.findByRole('group', { name: 'Objectifs' });
    const option = within(goals).getByRole('option', { name: /Tour du monde/ });
    expect(option).toHaveTextContent('Voyage');
    expect(option).toHaveTextContent('12 000,00 €');
    expect(option).toHaveTextContent('38 % atteint');
    expect(option).toHaveTextContent('Actif');
    await userEvent.click(option);
    expect(router.state.location.pathname).toBe(`/goals/${GOAL_ID}`);
    expect(router.state.location.search).toBe(`?portfolio=${PORTFOLIO_ID}`);
  });

  it('shows progress and the example badge, and clears the results on a blank query', async () => {
    const goals = defineSource<never>({
      name: 'goals',
      documents: () => [
        {
          id: 'goal:1',
          type: 'goal',
          category: 'goals',
          title: 'Emergency fund',
          path: '/goals/1',
          icon: 'goal',
          demo: true,
          keywords: ['Emergency fund'],
          metadata: { amount: '10000', currency: 'EUR', progress: 45, status: 'active' },
        },
      ],
    });
    renderPalette({ sources: [goals] });
    const input = await screen.findByRole('combobox');
    await userEvent.type(input, 'emergency');
    const option = await screen.findByRole('option', { name: /Emergency fund/ });
    expect(option).toHaveTextContent('45% complete');
    expect(option).toHaveTextContent('Example');
    expect(option).toHaveTextContent('€10,000.00');
    await userEvent.clear(input);
    await waitFor(() => expect(screen.queryByRole('option')).not.toBeInTheDocument());
    expect(screen.getByText('Start typing to search')).toBeInTheDocument();
  });

  it('clears the results when the search fails, and logs it', async () => {
    mockPortfolio();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPalette();
    const input = await screen.findByRole('combobox');
    await userEvent.type(input, 'airbus');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    failing.next = true;
    await userEvent.type(input, ' se');
    expect(await screen.findByText('Search failed. Close it and try again.')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Search failed', expect.any(Error));
  });

  it('leaves out a source whose documents cannot be made, and searches the others', async () => {
    mockPortfolio();
    const broken = defineSource<never>({
      name: 'broken',
      documents: () => {
        throw new Error('broken source');
      },
    });
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPalette({ sources: [broken, ...SEARCH_SOURCES] });
    await userEvent.type(await screen.findByRole('combobox'), 'airbus');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(warned).toHaveBeenCalledWith('A search source failed', 'broken', expect.any(Error));
  });
});

/**
 * The active scope, with a working switch (the banner's and the palette's "Back to real
 * portfolio"): the palette must search what the scope holds after every change.
 */
function SwitchableScope({
  initialSimulation,
  children,
}: {
  initialSimulation: boolean;
  children: ReactNode;
}) {
  const [simulationId, setSimulationId] = useState<string | null>(
    initialSimulation ? SIM_ID : null,
  );
  const portfolio = {
    id: PORTFOLIO_ID,
    name: 'My Portfolio',
    permissionLevel: 'owner',
  } as Portfolio;
  const scope: ActiveScope = {
    status: 'ready',
    portfolios: [portfolio],
    portfolio,
    simulation: simulationId
      ? ({ id: SIM_ID, portfolioId: PORTFOLIO_ID, name: 'Bear case' } as Simulation)
      : null,
    permission: 'owner',
    scopeKey: portfolioScopedKeys.scope(PORTFOLIO_ID, simulationId),
    switchPortfolio: () => setSimulationId(null),
    switchSimulation: (id) => setSimulationId(id),
  };
  return (
    <ActiveScopeContext.Provider value={scope}>
      <button type="button" onClick={() => setSimulationId(simulationId ? null : SIM_ID)}>
        Switch view
      </button>
      {children}
    </ActiveScopeContext.Provider>
  );
}

/** Ctrl+K as the app wires it: the palette's content exists only while it is open. */
function PaletteHost() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open search
      </button>
      {open ? <SearchPalette open onOpenChange={setOpen} hasPage={allPages} /> : null}
    </>
  );
}

/** The real portfolio holds Airbus (and its dividend); the simulation holds nothing. */
function mockBothViews() {
  const holdings = [holding({})];
  const api = mockApi({
    [`GET /portfolios/${PORTFOLIO_ID}/holdings`]: () => ({
      body: { holdings: lastSim(api) ? [] : holdings },
    }),
    [`GET /portfolios/${PORTFOLIO_ID}/transactions`]: () => ({
      body: {
        transactions: lastSim(api) ? [] : [transaction],
        page: 1,
        pageSize: 200,
        hasMore: false,
      },
    }),
    [`GET /portfolios/${PORTFOLIO_ID}/goals`]: { body: { goals: [], limit: 3, count: 0 } },
  });
  return api;
}
const lastSim = (api: ReturnType<typeof mockApi>) =>
  new URL(String(api.spy.mock.lastCall?.[0]), 'http://localhost').searchParams.get('sim');

describe('the palette and the active scope', { timeout: 15_000 }, () => {
  it('finds holdings and transactions again after a simulation and back', async () => {
    mockBothViews();
    renderWithProviders(
      <SwitchableScope initialSimulation={false}>
        <PaletteHost />
      </SwitchableScope>,
      { route: `/dashboard?portfolio=${PORTFOLIO_ID}` },
    );
    const search = async (query: string) => {
      await userEvent.click(screen.getByRole('button', { name: 'Open search' }));
      await userEvent.type(await screen.findByRole('combobox', { name: 'Search' }), query);
      await waitFor(() => expect(screen.getByTestId('search-footer')).toBeInTheDocument());
    };
    const close = async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };

    await search('airbus');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    await close();

    // Into the simulation: its own (empty) content, and the palette says where it searches.
    await userEvent.click(screen.getByRole('button', { name: 'Switch view' }));
    await search('airbus');
    expect(await screen.findByText('No results found for “airbus”')).toBeVisible();
    expect(
      screen.getByText('In the simulation “Bear case”: its own holdings and transactions'),
    ).toBeVisible();
    await close();

    // Back: the real holdings and transactions are found again, query after query.
    await userEvent.click(screen.getByRole('button', { name: 'Switch view' }));
    for (const query of ['airbus', 'dividend', 'air.pa']) {
      await search(query);
      const listbox = await screen.findByRole('listbox', { name: 'Global Search' });
      await waitFor(() =>
        expect(within(listbox).getByRole('group', { name: 'Transactions' })).toBeInTheDocument(),
      );
      expect(screen.queryByText(/In the simulation/)).not.toBeInTheDocument();
      await close();
    }
    await search('airbus');
    const listbox = await screen.findByRole('listbox', { name: 'Global Search' });
    expect(within(listbox).getByRole('group', { name: 'Market' })).toHaveTextContent('Airbus SE');
  });

  it('searches the real portfolio at once when asked from an empty simulation', async () => {
    mockBothViews();
    renderWithProviders(
      <SwitchableScope initialSimulation>
        <PaletteHost />
      </SwitchableScope>,
      { route: `/dashboard?portfolio=${PORTFOLIO_ID}&sim=${SIM_ID}` },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open search' }));
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search' }), 'airbus');
    expect(
      await screen.findByText(
        'Only the simulation “Bear case” is searched. Your real holdings and transactions are found from the real portfolio.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Back to real portfolio' }));
    // The open palette follows the new scope: the same query now finds the real holding.
    const listbox = await screen.findByRole('listbox', { name: 'Global Search' });
    const market = await within(listbox).findByRole('group', { name: 'Market' });
    expect(within(market).getByRole('option', { name: /Airbus SE/ })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveValue('airbus');
  });
});
