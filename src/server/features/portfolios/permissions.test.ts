import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, PERMISSION_LEVELS, type PORTFOLIO_ACTIONS } from '@/contracts/portfolios';
import { accountShares, mailOutbox, portfolios, portfolioSimulations } from '../../db/schema';
import { Agent, registerUser } from '../../testing/agent';
import { insertPortfolio, insertShare, insertSimulation } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The access matrix, generated: every portfolio- and simulation-scoped endpoint x every kind of
 * caller, with the exact answer, and proof that a refused write changed nothing.
 */

let t: TestApp;
const actors = {} as Record<'owner' | 'edit' | 'read' | 'stranger', { agent: Agent; id: string }>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, email] of [
    ['owner', 'owner@example.com'],
    ['edit', 'editor@example.com'],
    ['read', 'reader@example.com'],
    ['stranger', 'stranger@example.com'],
  ] as const) {
    const { agent, userId } = await registerUser(t.app, email);
    actors[name] = { agent, id: userId };
  }
});
afterAll(() => t.close());

/** A fresh portfolio (not the owner's last) with a simulation, shared with edit and read. */
async function fixture() {
  const portfolio = await insertPortfolio(db(), actors.owner.id, { name: 'Shared one' });
  const simulation = await insertSimulation(db(), portfolio.id, actors.owner.id);
  const { share: editShare } = await insertShare(db(), {
    portfolioId: portfolio.id,
    ownerUserId: actors.owner.id,
    email: 'editor@example.com',
    permissionLevel: 'edit',
  });
  const { share: readShare } = await insertShare(db(), {
    portfolioId: portfolio.id,
    ownerUserId: actors.owner.id,
    email: 'reader@example.com',
    permissionLevel: 'read',
  });
  return { portfolio, simulation, editShare, readShare };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

/** Everything a request could change about the fixture. */
async function snapshot(f: Fixture) {
  return {
    portfolios: await db()
      .select()
      .from(portfolios)
      .where(eq(portfolios.userId, actors.owner.id))
      .orderBy(asc(portfolios.id)),
    shares: await db()
      .select()
      .from(accountShares)
      .where(eq(accountShares.portfolioId, f.portfolio.id))
      .orderBy(asc(accountShares.id)),
    simulations: await db()
      .select()
      .from(portfolioSimulations)
      .where(eq(portfolioSimulations.portfolioId, f.portfolio.id))
      .orderBy(asc(portfolioSimulations.id)),
    mails: (await db().select({ id: mailOutbox.id }).from(mailOutbox)).length,
  };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Actor = 'owner' | 'edit' | 'read' | 'stranger' | 'anonymous';
type Endpoint = {
  name: string;
  method: Method;
  url: (f: Fixture) => string;
  body?: unknown;
  /** The portfolio action the endpoint needs; null: any signed-in user. */
  action: (typeof PORTFOLIO_ACTIONS)[number] | null;
  /** The success status. */
  ok: number;
  /** The code a caller who cannot see the object gets. */
  notFound: 'PORTFOLIO_NOT_FOUND' | 'SIMULATION_NOT_FOUND' | 'SHARE_NOT_FOUND' | null;
};

const ENDPOINTS: Endpoint[] = [
  {
    name: 'list portfolios',
    method: 'GET',
    url: () => '/api/v1/portfolios',
    action: null,
    ok: 200,
    notFound: null,
  },
  {
    name: 'get portfolio',
    method: 'GET',
    url: (f) => `/api/v1/portfolios/${f.portfolio.id}`,
    action: 'view',
    ok: 200,
    notFound: 'PORTFOLIO_NOT_FOUND',
  },
  {
    name: 'patch portfolio',
    method: 'PATCH',
    url: (f) => `/api/v1/portfolios/${f.portfolio.id}`,
    body: { name: 'Renamed', isDefault: true },
    action: 'update',
    ok: 200,
    notFound: 'PORTFOLIO_NOT_FOUND',
  },
  {
    name: 'delete portfolio',
    method: 'DELETE',
    url: (f) => `/api/v1/portfolios/${f.portfolio.id}`,
    action: 'delete',
    ok: 204,
    notFound: 'PORTFOLIO_NOT_FOUND',
  },
  {
    name: 'portfolio contents',
    method: 'GET',
    url: (f) => `/api/v1/portfolios/${f.portfolio.id}/contents`,
    action: 'delete',
    ok: 200,
    notFound: 'PORTFOLIO_NOT_FOUND',
  },
  {
    name: 'list shares',
    method: 'GET',
    url: (f) => `/api/v1/portfolios/${f.portfolio.id}/shares`,
    action: 'share',
    ok: 200,
    notFound: 'PORTFOLIO_NOT_FOUND',
  },
  {
    name: 'create share',
    method: 'POST',
    url: (f) => `/api/v1/portfolios/${f.portfolio.id}/shares`,
    body: { email: 'someone@example.com', permissionLevel: 'read' },
    action: 'share',
    ok: 201,
    notFound: 'PORTFOLIO_NOT_FOUND',
  },
  {
    name: 'patch share',
    method: 'PATCH',
    url: (f) => `/api/v1/shares/${f.readShare.id}`,
    body: { permissionLevel: 'edit' },
    action: 'share',
    ok: 200,
    notFound: 'SHARE_NOT_FOUND',
  },
  {
    name: 'delete share',
    method: 'DELETE',
    url: (f) => `/api/v1/shares/${f.readShare.id}`,
    action: 'share',
    ok: 204,
    notFound: 'SHARE_NOT_FOUND',
  },
  {
    name: 'list simulations',
    method: 'GET',
    url: (f) => `/api/v1/portfolios/${f.portfolio.id}/simulations`,
    action: 'view',
    ok: 200,
    notFound: 'PORTFOLIO_NOT_FOUND',
  },
  {
    name: 'create simulation',
    method: 'POST',
    url: (f) => `/api/v1/portfolios/${f.portfolio.id}/simulations`,
    body: { name: 'What if' },
    action: 'manageSimulations',
    ok: 201,
    notFound: 'PORTFOLIO_NOT_FOUND',
  },
  {
    name: 'get simulation',
    method: 'GET',
    url: (f) => `/api/v1/simulations/${f.simulation.id}`,
    action: 'view',
    ok: 200,
    notFound: 'SIMULATION_NOT_FOUND',
  },
  {
    name: 'patch simulation',
    method: 'PATCH',
    url: (f) => `/api/v1/simulations/${f.simulation.id}`,
    body: { name: 'Renamed' },
    action: 'manageSimulations',
    ok: 200,
    notFound: 'SIMULATION_NOT_FOUND',
  },
  {
    name: 'delete simulation',
    method: 'DELETE',
    url: (f) => `/api/v1/simulations/${f.simulation.id}`,
    action: 'manageSimulations',
    ok: 204,
    notFound: 'SIMULATION_NOT_FOUND',
  },
  {
    name: 'simulation stats',
    method: 'GET',
    url: (f) => `/api/v1/simulations/${f.simulation.id}/stats`,
    action: 'view',
    ok: 200,
    notFound: 'SIMULATION_NOT_FOUND',
  },
];
const ACTORS: Actor[] = ['owner', 'edit', 'read', 'stranger', 'anonymous'];

type Expected = { status: number; code?: string };

function expected(endpoint: Endpoint, actor: Actor): Expected {
  if (actor === 'anonymous') return { status: 401, code: 'UNAUTHENTICATED' };
  if (endpoint.action === null) return { status: endpoint.ok };
  if (actor === 'stranger') return { status: 404, code: endpoint.notFound ?? 'NOT_FOUND' };
  const level = actor === 'owner' ? 'owner' : actor;
  if (can(level, endpoint.action)) return { status: endpoint.ok };
  return { status: 403, code: 'FORBIDDEN' };
}

const CASES = ENDPOINTS.flatMap((endpoint) =>
  ACTORS.map((actor) => ({ endpoint, actor, expected: expected(endpoint, actor) })),
);

describe('the permission matrix', () => {
  it('covers every level of the contract', () => {
    expect(PERMISSION_LEVELS).toEqual(['owner', 'edit', 'read']);
    expect(CASES).toHaveLength(ENDPOINTS.length * ACTORS.length);
  });

  it.each(CASES.map((c) => [c.endpoint.name, c.actor, c.expected.status, c] as const))(
    '%s by %s answers %i',
    async (_name, actor, _status, { endpoint, expected: want }) => {
      const f = await fixture();
      const agent = actor === 'anonymous' ? new Agent(t.app) : actors[actor].agent;
      const before = await snapshot(f);
      const res = await agent.request(endpoint.method, endpoint.url(f), endpoint.body);
      expect(res.statusCode, res.body).toBe(want.status);
      if (want.code) {
        expect(res.json().error.code).toBe(want.code);
        if (want.code === 'FORBIDDEN')
          expect(res.json().error.message).toBe('Insufficient permissions');
        // Refused: nothing changed, no email went out.
        expect(await snapshot(f)).toEqual(before);
      }
      if (endpoint.name === 'list portfolios' && actor !== 'anonymous') {
        const ids = (res.json().portfolios as { id: string }[]).map((p) => p.id);
        expect(ids.includes(f.portfolio.id)).toBe(actor !== 'stranger');
      }
    },
  );
});

describe('what each level sees', () => {
  it('shows invitees the owner, their level and never a default', async () => {
    const f = await fixture();
    for (const actor of ['edit', 'read'] as const) {
      const res = await actors[actor].agent.get(`/api/v1/portfolios/${f.portfolio.id}`);
      expect(res.json().portfolio).toMatchObject({
        isOwner: false,
        isDefault: false,
        permissionLevel: actor,
        owner: { id: actors.owner.id, email: 'owner@example.com', displayName: 'owner' },
      });
      expect(res.json().portfolio.simulations[0]).toMatchObject({
        id: f.simulation.id,
        permissionLevel: actor,
      });
    }
    const mine = await actors.owner.agent.get(`/api/v1/portfolios/${f.portfolio.id}`);
    expect(mine.json().portfolio).toMatchObject({
      isOwner: true,
      owner: null,
      permissionLevel: 'owner',
    });
  });

  it('gives nothing for pending, rejected or revoked shares', async () => {
    for (const status of ['pending', 'rejected', 'revoked'] as const) {
      const portfolio = await insertPortfolio(db(), actors.owner.id);
      await insertShare(db(), {
        portfolioId: portfolio.id,
        ownerUserId: actors.owner.id,
        email: 'stranger@example.com',
        permissionLevel: 'edit',
        status,
      });
      const res = await actors.stranger.agent.get(`/api/v1/portfolios/${portfolio.id}`);
      expect(res.json().error.code, status).toBe('PORTFOLIO_NOT_FOUND');
    }
  });

  it('answers an unknown id exactly like an invisible one', async () => {
    const f = await fixture();
    const unknown = await actors.stranger.agent.get(
      '/api/v1/portfolios/00000000-0000-4000-8000-000000000000',
    );
    const invisible = await actors.stranger.agent.get(`/api/v1/portfolios/${f.portfolio.id}`);
    expect(unknown.statusCode).toBe(404);
    expect(invisible.json()).toEqual(unknown.json());
  });
});
