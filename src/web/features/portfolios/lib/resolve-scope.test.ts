import { describe, expect, it } from 'vitest';
import { makePortfolio, makeShared, makeSimulation } from '../test/fixtures';
import { resolveScope, type ScopeInput } from './resolve-scope';

const side = makePortfolio({ name: 'Side' });
const main = makePortfolio({ name: 'Main', isDefault: true });
const sim = makeSimulation({ portfolioId: main.id });
const mainWithSim = { ...main, simulations: [sim] };
const shared = makeShared('edit', { isDefault: true });
const list = [side, mainWithSim, shared];

const input = (overrides: Partial<ScopeInput> = {}): ScopeInput => ({
  portfolios: list,
  url: { portfolio: null, sim: null },
  persisted: { portfolioId: null, simulationId: null },
  known: new Map(),
  checked: new Set(),
  ...overrides,
});

describe('resolveScope', () => {
  it('is loading until the list arrives', () => {
    expect(resolveScope(input({ portfolios: undefined })).status).toBe('loading');
  });

  it('picks the owned default, never a shared one flagged default', () => {
    expect(resolveScope(input()).portfolio?.name).toBe('Main');
    expect(resolveScope(input({ portfolios: [shared, side] })).portfolio?.name).toBe(
      'Family savings',
    );
  });

  it('prefers ?portfolio= to the persisted choice, and the persisted choice to the default', () => {
    expect(
      resolveScope(input({ persisted: { portfolioId: side.id, simulationId: null } })).portfolio,
    ).toBe(side);
    expect(
      resolveScope(
        input({
          url: { portfolio: shared.id, sim: null },
          persisted: { portfolioId: side.id, simulationId: null },
        }),
      ).portfolio,
    ).toBe(shared);
  });

  it('checks an unknown ?portfolio= once before calling it not found', () => {
    const url = { portfolio: 'unknown', sim: null };
    expect(resolveScope(input({ url }))).toMatchObject({ status: 'loading', verify: 'unknown' });
    expect(resolveScope(input({ url, checked: new Set(['unknown']) }))).toMatchObject({
      status: 'ready',
      portfolio: mainWithSim,
      notice: { kind: 'not-found' },
      drop: { portfolio: true },
    });
  });

  it('an unknown persisted id falls back silently', () => {
    const result = resolveScope(input({ persisted: { portfolioId: 'gone', simulationId: null } }));
    expect(result).toMatchObject({ portfolio: mainWithSim, notice: null, verify: null });
  });

  it('a portfolio seen before and now missing was lost', () => {
    const result = resolveScope(
      input({
        portfolios: [side, mainWithSim],
        url: { portfolio: shared.id, sim: null },
        known: new Map([[shared.id, { name: 'Family savings', isOwner: false }]]),
      }),
    );
    expect(result.notice).toEqual({
      kind: 'lost',
      portfolioId: shared.id,
      name: 'Family savings',
      isOwner: false,
    });
    expect(result.portfolio).toBe(mainWithSim);
  });

  it('keeps a simulation of the active portfolio and clears any other', () => {
    expect(resolveScope(input({ url: { portfolio: main.id, sim: sim.id } })).simulation).toBe(sim);
    const elsewhere = resolveScope(input({ url: { portfolio: side.id, sim: sim.id } }));
    expect(elsewhere.simulation).toBeNull();
    expect(elsewhere.drop).toEqual({ portfolio: false, sim: true });
  });

  it('takes the persisted simulation only when the URL names no portfolio', () => {
    const persisted = { portfolioId: main.id, simulationId: sim.id };
    expect(resolveScope(input({ persisted })).simulation).toBe(sim);
    expect(
      resolveScope(input({ persisted, url: { portfolio: main.id, sim: null } })).simulation,
    ).toBeNull();
  });
});
