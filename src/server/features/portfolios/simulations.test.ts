import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioSimulations } from '../../db/schema';
import { registerSimulationScopedTable, simulationScopedTables } from './simulation-scope';
import { type Agent, registerUser } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let owner: Agent;
let portfolioId: string;
const db = () => t.database.db;
const unregister: (() => void)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: owner } = await registerUser(t.app, 'simulator@example.com'));
  portfolioId = (await owner.get('/api/v1/portfolios')).json().portfolios[0].id;
});
afterAll(async () => {
  for (const remove of unregister) remove();
  await t.close();
});

async function simulations() {
  return db()
    .select()
    .from(portfolioSimulations)
    .where(eq(portfolioSimulations.portfolioId, portfolioId));
}

describe('creating simulations', () => {
  it('trims, defaults the theme to blue and starts with 100000 of cash', async () => {
    const res = await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, {
      name: '  Crash test  ',
      description: '   ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().simulation).toMatchObject({
      portfolioId,
      name: 'Crash test',
      description: null,
      backgroundTheme: 'blue',
      initialCash: '100000',
      permissionLevel: 'owner',
    });
    const [row] = await db()
      .select()
      .from(portfolioSimulations)
      .where(eq(portfolioSimulations.id, res.json().simulation.id));
    expect(Number(row?.initialCash)).toBe(100000);
  });

  it('answers the form’s messages and creates nothing when invalid', async () => {
    const before = await simulations();
    const cases: [unknown, string][] = [
      [{}, 'name: Name is required'],
      [{ name: '   ' }, 'name: Name is required'],
      [{ name: 'x'.repeat(101) }, 'name: Name is too long'],
      [
        { name: 'Ok', description: 'x'.repeat(501) },
        'description: Description must be less than 500 characters',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    const theme = await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, {
      name: 'Ok',
      backgroundTheme: 'pink',
    });
    expect(theme.json().error.code).toBe('VALIDATION_ERROR');
    expect(await simulations()).toEqual(before);
  });

  it('updates only what is sent, with the same rules', async () => {
    const created = await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, {
      name: 'Base',
      description: 'Kept',
      backgroundTheme: 'red',
    });
    const id = created.json().simulation.id as string;
    const res = await owner.patch(`/api/v1/simulations/${id}`, { name: '  Renamed ' });
    expect(res.json().simulation).toMatchObject({
      name: 'Renamed',
      description: 'Kept',
      backgroundTheme: 'red',
    });
    const bad = await owner.patch(`/api/v1/simulations/${id}`, { name: '' });
    expect(bad.json().error.message).toBe('name: Name is required');
    const gone = await owner.delete(`/api/v1/simulations/${id}`);
    expect(gone.statusCode).toBe(204);
    const again = await owner.delete(`/api/v1/simulations/${id}`);
    expect(again.json().error).toMatchObject({
      code: 'SIMULATION_NOT_FOUND',
      message: 'Simulation not found',
    });
  });
});

describe('simulation-scoped tables (copyHoldings, stats, deletion)', () => {
  it('has holdings, transactions and valuations registered; an empty portfolio copies nothing', async () => {
    expect(simulationScopedTables().map((entry) => [entry.table, entry.kind])).toEqual([
      ['holdings', 'asset'],
      ['transactions', 'transaction'],
      ['holding_valuations', 'history'],
    ]);
    const res = await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, {
      name: 'Copy of nothing',
      copyHoldings: true,
    });
    expect(res.statusCode).toBe(201);
    const stats = await owner.get(`/api/v1/simulations/${res.json().simulation.id}/stats`);
    expect(stats.json().stats).toEqual({
      totalAssets: 0,
      totalTransactions: 0,
      totalValue: '0',
      currency: 'EUR',
      unconverted: [],
      createdAt: res.json().simulation.createdAt,
    });
  });

  it('copies, counts, values and deletes the rows of registered tables', async () => {
    await db().execute(sql`create table test_holdings (
      id uuid primary key default gen_random_uuid(),
      portfolio_id uuid not null references portfolios(id) on delete cascade,
      simulation_id uuid references portfolio_simulations(id) on delete cascade,
      quantity numeric not null, price numeric not null)`);
    await db().execute(sql`create table test_transactions (
      id uuid primary key default gen_random_uuid(),
      portfolio_id uuid not null references portfolios(id) on delete cascade,
      simulation_id uuid)`);
    unregister.push(
      registerSimulationScopedTable({
        table: 'test_holdings',
        kind: 'asset',
        valueSql: 'quantity * price',
        copyIntoSimulation: async (tx, input) => {
          const result = await tx.execute(
            sql`insert into test_holdings (portfolio_id, simulation_id, quantity, price)
                select portfolio_id, ${input.simulationId}, quantity, price from test_holdings
                where portfolio_id = ${input.portfolioId} and simulation_id is null returning id`,
          );
          return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows).length;
        },
      }),
      registerSimulationScopedTable({ table: 'test_transactions', kind: 'transaction' }),
    );
    // The real portfolio: two holdings worth 3 x 10.10 + 0.5 x 1000 = 530.3.
    await db().execute(
      sql`insert into test_holdings (portfolio_id, simulation_id, quantity, price)
          values (${portfolioId}, null, 3, 10.10), (${portfolioId}, null, 0.5, 1000)`,
    );

    const empty = await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, {
      name: 'Empty',
    });
    const emptyId = empty.json().simulation.id as string;
    expect((await owner.get(`/api/v1/simulations/${emptyId}/stats`)).json().stats).toMatchObject({
      totalAssets: 0,
      totalValue: '0',
    });

    const copy = await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, {
      name: 'Copy',
      copyHoldings: true,
    });
    const copyId = copy.json().simulation.id as string;
    await db().execute(
      sql`insert into test_transactions (portfolio_id, simulation_id) values (${portfolioId}, ${copyId}), (${portfolioId}, ${copyId}), (${portfolioId}, null)`,
    );
    expect((await owner.get(`/api/v1/simulations/${copyId}/stats`)).json().stats).toMatchObject({
      totalAssets: 2,
      totalTransactions: 2,
      totalValue: '530.3',
    });

    // Deleting the simulation deletes its rows (even where no foreign key would), not the real ones.
    await owner.delete(`/api/v1/simulations/${copyId}`);
    const left = await db().execute(
      sql`select (select count(*) from test_holdings where simulation_id = ${copyId})::int as sim_holdings,
                 (select count(*) from test_transactions where simulation_id = ${copyId})::int as sim_transactions,
                 (select count(*) from test_holdings where simulation_id is null)::int as real_holdings`,
    );
    const row = (Array.isArray(left) ? left : (left as { rows: unknown[] }).rows)[0];
    expect(row).toEqual({ sim_holdings: 0, sim_transactions: 0, real_holdings: 2 });
  });

  it('copies in the create transaction: a failing copier leaves no simulation', async () => {
    const before = await simulations();
    const remove = registerSimulationScopedTable({
      table: 'test_broken',
      kind: 'asset',
      copyIntoSimulation: async () => {
        throw new Error('copy failed');
      },
    });
    try {
      const res = await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, {
        name: 'Doomed',
        copyHoldings: true,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      remove();
    }
    expect(await simulations()).toEqual(before);
  });
});
