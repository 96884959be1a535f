import { act, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portfolioScopedKeys, useActiveScope } from '@/web/lib/active-scope';
import { FakeWebSocket } from '@/web/test/fake-websocket';
import { mockApi } from '@/web/test/mock-api';
import { scopeStorageKey } from '../lib/scope-storage';
import {
  makePortfolio,
  makeShared,
  makeSimulation,
  OWNER_ID,
  renderInScope,
  stubResizeObserver,
} from '../test/fixtures';

beforeEach(stubResizeObserver);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const first = makePortfolio({ name: 'Side projects' });
const main = makePortfolio({ name: 'Main', isDefault: true });
const crash = makeSimulation({ name: 'Crash 2027', portfolioId: main.id });
const mainWithSim = { ...main, simulations: [crash] };
const family = makeShared('read', { name: 'Family' });

/** Shows what the scope resolved to, and switches on demand. */
function Probe() {
  const scope = useActiveScope();
  // A query that lives in the active scope, as holdings will.
  useQuery({
    queryKey: [...(scope.scopeKey ?? portfolioScopedKeys.all), 'holdings'],
    queryFn: () => Promise.resolve([]),
    enabled: !!scope.scopeKey,
  });
  return (
    <div>
      <p data-testid="status">{scope.status}</p>
      <p data-testid="portfolio">{scope.portfolio?.name ?? 'none'}</p>
      <p data-testid="simulation">{scope.simulation?.name ?? 'real'}</p>
      <button onClick={() => scope.switchPortfolio(first.id)}>to first</button>
      <button onClick={() => scope.switchSimulation(crash.id)}>to crash</button>
    </div>
  );
}

function setup(route: string, lists: (typeof main)[][] = [[first, mainWithSim, family]]) {
  let call = 0;
  const api = mockApi({
    'GET /portfolios': () => {
      const list = lists[Math.min(call, lists.length - 1)] ?? [];
      call += 1;
      return { body: { portfolios: list } };
    },
  });
  return { api, ...renderInScope(<Probe />, { route }) };
}

const portfolioName = () => screen.getByTestId('portfolio');
const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('active scope', () => {
  it('falls back to the owned default portfolio (not the first one) with nothing chosen', async () => {
    setup('/dashboard');
    await waitFor(() => expect(portfolioName()).toHaveTextContent('Main'));
    expect(screen.getByTestId('simulation')).toHaveTextContent('real');
    expect(JSON.parse(window.localStorage.getItem(scopeStorageKey(OWNER_ID)) ?? '{}')).toEqual({
      portfolioId: main.id,
      simulationId: null,
    });
  });

  it('uses the persisted choice, and ?portfolio= over it', async () => {
    window.localStorage.setItem(
      scopeStorageKey(OWNER_ID),
      JSON.stringify({ portfolioId: main.id, simulationId: crash.id }),
    );
    const { unmount } = setup('/dashboard');
    await waitFor(() => expect(screen.getByTestId('simulation')).toHaveTextContent('Crash 2027'));
    expect(portfolioName()).toHaveTextContent('Main');
    unmount();

    setup(`/dashboard?portfolio=${family.id}`);
    await waitFor(() => expect(portfolioName()).toHaveTextContent('Family'));
    // ?portfolio= alone means that portfolio's real view, not the persisted simulation.
    expect(screen.getByTestId('simulation')).toHaveTextContent('real');
  });

  it('refetches once for an unknown ?portfolio=, then says so and shows the default', async () => {
    const { api, router } = setup(
      '/dashboard?portfolio=0badc0de-0000-4000-8000-000000000000&sim=x',
    );
    expect(await screen.findByText(/Portfolio not found/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/portfolios')).toHaveLength(2);
    expect(portfolioName()).toHaveTextContent('Main');
    await waitFor(() => expect(search(router).has('portfolio')).toBe(false));
    expect(search(router).has('sim')).toBe(false);
  });

  it('accepts an id that the refetch brings (a portfolio shared a moment ago)', async () => {
    const fresh = makeShared('edit', { name: 'Just shared' });
    const { api } = setup(`/dashboard?portfolio=${fresh.id}`, [
      [mainWithSim],
      [mainWithSim, fresh],
    ]);
    await waitFor(() => expect(portfolioName()).toHaveTextContent('Just shared'));
    expect(api.callsTo('GET', '/portfolios')).toHaveLength(2);
  });

  it('clears a simulation that is not in the active portfolio', async () => {
    const { router } = setup(`/dashboard?portfolio=${first.id}&sim=${crash.id}`);
    await waitFor(() => expect(portfolioName()).toHaveTextContent('Side projects'));
    expect(screen.getByTestId('simulation')).toHaveTextContent('real');
    await waitFor(() => expect(search(router).has('sim')).toBe(false));
    expect(search(router).get('portfolio')).toBe(first.id);
  });

  it('switching portfolio drops ?sim= and invalidates every portfolio-scoped query', async () => {
    const { user, router, queryClient } = setup(`/dashboard?portfolio=${main.id}&sim=${crash.id}`);
    await waitFor(() => expect(screen.getByTestId('simulation')).toHaveTextContent('Crash 2027'));
    const key = [...portfolioScopedKeys.scope(main.id, crash.id), 'holdings'];
    await waitFor(() => expect(queryClient.getQueryState(key)?.status).toBe('success'));

    await user.click(screen.getByRole('button', { name: 'to first' }));
    await waitFor(() => expect(portfolioName()).toHaveTextContent('Side projects'));
    expect(search(router).get('portfolio')).toBe(first.id);
    expect(search(router).has('sim')).toBe(false);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(await screen.findByText('Switched to “Side projects”')).toBeInTheDocument();
  });

  it('switching to a simulation sets both parameters', async () => {
    const { user, router } = setup(`/dashboard?portfolio=${first.id}`);
    await waitFor(() => expect(portfolioName()).toHaveTextContent('Side projects'));
    await user.click(screen.getByRole('button', { name: 'to crash' }));
    await waitFor(() => expect(screen.getByTestId('simulation')).toHaveTextContent('Crash 2027'));
    expect(search(router).get('portfolio')).toBe(main.id);
    expect(search(router).get('sim')).toBe(crash.id);
    expect(await screen.findByText('Simulation “Crash 2027” is active')).toBeInTheDocument();
  });

  it('leaves a shared portfolio whose access was removed, live, and says why', async () => {
    const { router } = setup(`/dashboard?portfolio=${family.id}`, [
      [mainWithSim, family],
      [mainWithSim],
    ]);
    await waitFor(() => expect(portfolioName()).toHaveTextContent('Family'));
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    expect(socket.sent).toContainEqual({ type: 'subscribe', topic: `user:${OWNER_ID}` });
    expect(socket.sent).toContainEqual({ type: 'subscribe', topic: `portfolio:${family.id}` });

    act(() =>
      socket.serverEvent(`user:${OWNER_ID}`, { type: 'portfolio-access', portfolioId: family.id }),
    );
    expect(await screen.findByText('You no longer have access to “Family”')).toBeInTheDocument();
    expect(portfolioName()).toHaveTextContent('Main');
    await waitFor(() => expect(search(router).has('portfolio')).toBe(false));
  });
});
