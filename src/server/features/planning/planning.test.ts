import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProjection } from '@/domain/projection';
import { projectionScenarios } from '../../db/schema';
import { type Agent, registerUser } from '../../testing/agent';
import { insertShare } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Wealth projections (issue 29): scenarios saved in a portfolio view, and runs of the Monte Carlo
 * simulation on the server, with the portfolio's permissions.
 */

let t: TestApp;
let owner: Agent;
let ownerId: string;
let reader: Agent;
let editor: Agent;
let stranger: Agent;
let portfolioId: string;
const db = () => t.database.db;

const inputs = {
  startValue: 10_000,
  monthlyContribution: 200,
  years: 10,
  expectedReturn: 0.06,
  volatility: 0.15,
};

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: owner, userId: ownerId } = await registerUser(t.app, 'planner@example.com'));
  ({ agent: reader } = await registerUser(t.app, 'plan-reader@example.com'));
  ({ agent: editor } = await registerUser(t.app, 'plan-editor@example.com'));
  ({ agent: stranger } = await registerUser(t.app, 'plan-stranger@example.com'));
  portfolioId = (await owner.get('/api/v1/portfolios')).json().portfolios[0].id;
  for (const [email, permissionLevel] of [
    ['plan-reader@example.com', 'read'],
    ['plan-editor@example.com', 'edit'],
  ] as const) {
    await insertShare(db(), { portfolioId, ownerUserId: ownerId, email, permissionLevel });
  }
});
afterAll(() => t.close());

const scenarios = (agent: Agent, sim?: string) =>
  agent.get(`/api/v1/portfolios/${portfolioId}/projections${sim ? `?sim=${sim}` : ''}`);

describe('projection scenarios', () => {
  it('are saved with the inputs’ defaults, listed, opened, renamed, changed and deleted', async () => {
    const created = await owner.post(`/api/v1/portfolios/${portfolioId}/projections`, {
      name: '  Retire at 60  ',
      inputs,
    });
    expect(created.statusCode, created.body).toBe(201);
    const scenario = created.json().scenario;
    expect(scenario).toMatchObject({
      portfolioId,
      simulationId: null,
      name: 'Retire at 60',
      inputs: { ...inputs, contributionGrowth: 0, inflation: 0.02, mode: 'lognormal', events: [] },
    });
    expect((await scenarios(owner)).json().scenarios.map((s: { id: string }) => s.id)).toEqual([
      scenario.id,
    ]);
    expect((await owner.get(`/api/v1/projections/${scenario.id}`)).json().scenario.name).toBe(
      'Retire at 60',
    );

    const renamed = await owner.patch(`/api/v1/projections/${scenario.id}`, {
      name: 'Retire at 62',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().scenario.name).toBe('Retire at 62');
    const changed = await owner.patch(`/api/v1/projections/${scenario.id}`, {
      inputs: { ...inputs, years: 12, events: [{ month: 60, amount: -20_000 }] },
    });
    expect(changed.json().scenario).toMatchObject({
      name: 'Retire at 62',
      inputs: { years: 12, events: [{ month: 60, amount: -20_000 }] },
    });

    const removed = await owner.delete(`/api/v1/projections/${scenario.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await owner.get(`/api/v1/projections/${scenario.id}`)).statusCode).toBe(404);
    expect((await scenarios(owner)).json().scenarios).toEqual([]);
  });

  it('refuse inputs a projection cannot run, with the field’s message, and save nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...inputs, years: 51 },
        'inputs.years: Horizon must be a whole number of years from 1 to 50',
      ],
      [
        { ...inputs, years: 2.5 },
        'inputs.years: Horizon must be a whole number of years from 1 to 50',
      ],
      [
        { ...inputs, mode: 'bootstrap' },
        'inputs.history: Replaying past months needs at least 24 monthly returns',
      ],
      [
        { ...inputs, events: [{ month: 121, amount: 5 }] },
        'inputs.events.0.month: A month must be a whole number within the horizon',
      ],
      [
        { ...inputs, volatility: -0.1 },
        'inputs.volatility: Volatility must be from 0 to 2 (a ratio: 0.15 is 15% a year)',
      ],
      [{ ...inputs, expectedReturn: '6%' }, 'inputs.expectedReturn: Enter a number'],
    ];
    for (const [bad, message] of cases) {
      const res = await owner.post(`/api/v1/portfolios/${portfolioId}/projections`, {
        name: 'Bad',
        inputs: bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).toContain(message);
    }
    const blank = await owner.post(`/api/v1/portfolios/${portfolioId}/projections`, {
      name: '   ',
      inputs,
    });
    expect(blank.json().error.message).toContain('name: Scenario name is required');
    const nothing = await owner.post(`/api/v1/portfolios/${portfolioId}/projections`, {
      name: 'x',
      inputs,
    });
    const id = nothing.json().scenario.id as string;
    const empty = await owner.patch(`/api/v1/projections/${id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Give a new name or new inputs');
    await owner.delete(`/api/v1/projections/${id}`);
    expect(await db().select().from(projectionScenarios)).toEqual([]);
  });

  it('follow the portfolio’s permissions: a stranger sees nothing, a reader reads, an editor edits', async () => {
    const mine = (
      await owner.post(`/api/v1/portfolios/${portfolioId}/projections`, { name: 'Mine', inputs })
    ).json().scenario.id as string;

    // A stranger: not found, whatever they try.
    expect((await scenarios(stranger)).statusCode).toBe(404);
    expect((await stranger.get(`/api/v1/projections/${mine}`)).json().error.code).toBe(
      'PROJECTION_SCENARIO_NOT_FOUND',
    );
    for (const res of [
      await stranger.patch(`/api/v1/projections/${mine}`, { name: 'Theirs' }),
      await stranger.delete(`/api/v1/projections/${mine}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('PROJECTION_SCENARIO_NOT_FOUND');
    }
    const strangerSave = await stranger.post(`/api/v1/portfolios/${portfolioId}/projections`, {
      name: 'Theirs',
      inputs,
    });
    expect(strangerSave.statusCode).toBe(404);
    expect(
      (await stranger.post(`/api/v1/portfolios/${portfolioId}/projections/run`, { inputs }))
        .statusCode,
    ).toBe(404);

    // A read invitee lists, opens and runs, never changes.
    expect((await scenarios(reader)).json().scenarios).toHaveLength(1);
    expect((await reader.get(`/api/v1/projections/${mine}`)).statusCode).toBe(200);
    expect(
      (
        await reader.post(`/api/v1/portfolios/${portfolioId}/projections/run`, {
          inputs,
          paths: 10,
        })
      ).statusCode,
    ).toBe(200);
    for (const res of [
      await reader.post(`/api/v1/portfolios/${portfolioId}/projections`, { name: 'R', inputs }),
      await reader.patch(`/api/v1/projections/${mine}`, { name: 'R' }),
      await reader.delete(`/api/v1/projections/${mine}`),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await owner.get(`/api/v1/projections/${mine}`)).json().scenario.name).toBe('Mine');

    // An edit invitee saves and renames.
    const theirs = await editor.post(`/api/v1/portfolios/${portfolioId}/projections`, {
      name: 'Editor’s',
      inputs,
    });
    expect(theirs.statusCode).toBe(201);
    expect((await editor.patch(`/api/v1/projections/${mine}`, { name: 'Both' })).statusCode).toBe(
      200,
    );

    // Signed out: 401.
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/projections/${mine}` });
    expect(anonymous.statusCode).toBe(401);
    await db().delete(projectionScenarios);
  });

  it('live in their view: a simulation’s are its own, and go with it', async () => {
    const simulation = (
      await owner.post(`/api/v1/portfolios/${portfolioId}/simulations`, { name: 'What if' })
    ).json().simulation.id as string;
    const saved = await owner.post(
      `/api/v1/portfolios/${portfolioId}/projections?sim=${simulation}`,
      { name: 'In the simulation', inputs },
    );
    expect(saved.json().scenario.simulationId).toBe(simulation);
    expect((await scenarios(owner)).json().scenarios).toEqual([]);
    expect((await scenarios(owner, simulation)).json().scenarios).toHaveLength(1);
    expect((await owner.delete(`/api/v1/simulations/${simulation}`)).statusCode).toBe(204);
    expect(await db().select().from(projectionScenarios)).toEqual([]);
  });

  it('are at most 50 in a view', async () => {
    const now = new Date();
    await db()
      .insert(projectionScenarios)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          portfolioId,
          userId: ownerId,
          name: `S${i}`,
          inputs,
          createdAt: now,
          updatedAt: now,
        })),
      );
    const refused = await owner.post(`/api/v1/portfolios/${portfolioId}/projections`, {
      name: 'One more',
      inputs,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'PROJECTION_SCENARIO_LIMIT',
      details: { limit: 50 },
    });
    await db().delete(projectionScenarios).where(eq(projectionScenarios.portfolioId, portfolioId));
  });
});

describe('a projection run', () => {
  it('answers the domain’s figures for the same inputs and seed, rounded to cents', async () => {
    const res = await owner.post(`/api/v1/portfolios/${portfolioId}/projections/run`, {
      inputs: { ...inputs, events: [{ month: 24, amount: -5_000 }] },
      paths: 2_000,
      seed: 42,
      targets: [{ month: 120, amount: 50_000 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    const expected = runProjection({
      ...inputs,
      contributionGrowth: 0,
      months: 120,
      inflation: 0.02,
      events: [{ month: 24, amount: -5_000 }],
      paths: 2_000,
      seed: 42,
      mode: 'lognormal',
      history: [],
      targets: [{ month: 120, amount: 50_000 }],
    });
    const cents = (value: number) => Math.round(value * 100) / 100;
    expect(answer).toMatchObject({
      currency: 'EUR',
      startValue: 10_000,
      months: 120,
      paths: 2_000,
    });
    expect(answer.bands.p50).toEqual(Array.from(expected.bands[50], cents));
    expect(answer.bands.p5[120]).toBe(cents(expected.bands[5][120]!));
    expect(answer.deterministic).toEqual(Array.from(expected.deterministic, cents));
    expect(answer.paidIn[120]).toBe(10_000 + 120 * 200 - 5_000);
    expect(answer.targetProbabilities).toEqual(expected.targetProbabilities);
  });

  it('starts from the view’s value today when no start value is given', async () => {
    const added = await owner.post(`/api/v1/portfolios/${portfolioId}/holdings`, {
      class: 'market',
      symbol: 'RUNV',
      name: 'Run value',
      quantity: '4',
      purchasePrice: '100',
      currentPrice: '125.5',
      purchaseDate: '2024-01-10',
      currency: 'EUR',
    });
    expect(added.statusCode, added.body).toBe(201);
    const { startValue: _omitted, ...rest } = inputs;
    const res = await owner.post(`/api/v1/portfolios/${portfolioId}/projections/run`, {
      inputs: { ...rest, volatility: 0, monthlyContribution: 0 },
      paths: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().startValue).toBe(502);
    expect(res.json().bands.p50[0]).toBe(502);
  });

  it('is bounded: 10,000 paths over 50 years at most, targets within the horizon', async () => {
    const run = (body: Record<string, unknown>) =>
      owner.post(`/api/v1/portfolios/${portfolioId}/projections/run`, body);
    const tooMany = await run({ inputs, paths: 10_001 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain(
      'paths: Paths must be a whole number from 1 to 10,000',
    );
    expect((await run({ inputs: { ...inputs, years: 51 } })).statusCode).toBe(400);
    const late = await run({ inputs, targets: [{ month: 121, amount: 1 }] });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toContain('targets.0.month');
    expect((await run({ inputs, seed: -1 })).statusCode).toBe(400);
  });
});
