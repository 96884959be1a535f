import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holdings,
  holdingValuations,
  savingsAlerts,
  savingsInterestRates,
  savingsTransactions,
  transactions,
} from '../../db/schema';
import { Agent, registerUser } from '../../testing/agent';
import { insertPortfolio, insertShare, insertSimulation } from '../../testing/portfolios';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The access matrix of holdings, transactions, lots and savings, generated: every endpoint x
 * owner, edit invitee, read invitee, stranger and anonymous, with the exact status, and proof
 * that a refused write changed nothing.
 */

type Who = 'owner' | 'edit' | 'read' | 'stranger' | 'anonymous';
const WHO: Who[] = ['owner', 'edit', 'read', 'stranger', 'anonymous'];
let t: TestApp;
const agents = {} as Record<Who, Agent>;
let ownerId: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  for (const [who, email] of [
    ['owner', 'owner@example.com'],
    ['edit', 'editor@example.com'],
    ['read', 'reader@example.com'],
    ['stranger', 'stranger@example.com'],
  ] as const) {
    const { agent, userId } = await registerUser(t.app, email);
    agents[who] = agent;
    if (who === 'owner') ownerId = userId;
  }
  agents.anonymous = new Agent(t.app);
});
afterAll(() => t.close());

/** A shared portfolio with a market holding (bought, then partly sold) and a savings account. */
async function fixture() {
  const portfolio = await insertPortfolio(db(), ownerId, { name: 'Shared' });
  const simulation = await insertSimulation(db(), portfolio.id, ownerId);
  // The editor sees every simulation; the reader's share names none.
  for (const [email, level, mode] of [
    ['editor@example.com', 'edit', 'all'],
    ['reader@example.com', 'read', 'none'],
  ] as const) {
    await insertShare(db(), {
      portfolioId: portfolio.id,
      ownerUserId: ownerId,
      email,
      permissionLevel: level,
      mode,
    });
  }
  const owner = agents.owner;
  const stock = (
    await owner.post(`/api/v1/portfolios/${portfolio.id}/holdings`, {
      class: 'market',
      symbol: 'AIR.PA',
      name: 'Airbus',
      quantity: '10',
      purchasePrice: '100',
      currentPrice: '150',
      purchaseDate: '2024-01-02',
    })
  ).json().holding;
  const sale = (
    await owner.post(`/api/v1/portfolios/${portfolio.id}/transactions`, {
      assetId: stock.id,
      transactionType: 'sell',
      quantity: '2',
      price: '140',
      tradeDate: '2024-06-03',
    })
  ).json().transaction;
  const savings = (
    await owner.post(`/api/v1/portfolios/${portfolio.id}/holdings`, {
      class: 'savings',
      accountName: 'Livret',
      bankName: 'Banque',
      accountType: 'savings',
      currentBalance: '100',
      minimumBalance: '500',
      openingDate: '2024-01-02',
    })
  ).json().holding;
  const alert = (await owner.get(`/api/v1/holdings/${savings.id}/savings`)).json().alerts[0];
  const estate = (
    await owner.post(`/api/v1/portfolios/${portfolio.id}/holdings`, {
      class: 'real_estate',
      propertyName: 'Studio',
      propertyType: 'apartment',
      address: '2 rue Mercière',
      purchasePrice: '90000',
      currentValue: '95000',
      purchaseDate: '2021-04-01',
    })
  ).json().holding;
  const valuation = (await owner.get(`/api/v1/holdings/${estate.id}/valuations`)).json()
    .valuations[0];
  return { portfolio, simulation, stock, sale, savings, alert, estate, valuation };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

async function snapshot(f: Fixture) {
  return {
    holdings: await db()
      .select()
      .from(holdings)
      .where(eq(holdings.portfolioId, f.portfolio.id))
      .orderBy(asc(holdings.id)),
    transactions: await db()
      .select()
      .from(transactions)
      .where(eq(transactions.portfolioId, f.portfolio.id))
      .orderBy(asc(transactions.id)),
    rates: await db()
      .select()
      .from(savingsInterestRates)
      .where(eq(savingsInterestRates.holdingId, f.savings.id)),
    movements: await db()
      .select()
      .from(savingsTransactions)
      .where(eq(savingsTransactions.holdingId, f.savings.id)),
    alerts: await db()
      .select()
      .from(savingsAlerts)
      .where(eq(savingsAlerts.holdingId, f.savings.id)),
    valuations: await db()
      .select()
      .from(holdingValuations)
      .where(eq(holdingValuations.holdingId, f.estate.id))
      .orderBy(asc(holdingValuations.id)),
  };
}

type Endpoint = {
  name: string;
  write: boolean;
  /** The success status. */
  ok: number;
  /** The code a stranger gets (the object is invisible to them). */
  hidden: string;
  call: (
    agent: Agent,
    f: Fixture,
  ) => Promise<{ statusCode: number; body: string; json: () => { error: { code: string } } }>;
};

const buy = (f: Fixture) => ({
  assetId: f.stock.id,
  transactionType: 'buy',
  quantity: '1',
  price: '120',
  tradeDate: '2024-07-01',
});

const ENDPOINTS: Endpoint[] = [
  {
    name: 'list holdings',
    write: false,
    ok: 200,
    hidden: 'PORTFOLIO_NOT_FOUND',
    call: (a, f) => a.get(`/api/v1/portfolios/${f.portfolio.id}/holdings`),
  },
  {
    name: 'summary',
    write: false,
    ok: 200,
    hidden: 'PORTFOLIO_NOT_FOUND',
    call: (a, f) => a.get(`/api/v1/portfolios/${f.portfolio.id}/summary`),
  },
  {
    name: 'get holding',
    write: false,
    ok: 200,
    hidden: 'HOLDING_NOT_FOUND',
    call: (a, f) => a.get(`/api/v1/holdings/${f.stock.id}`),
  },
  {
    name: 'lots',
    write: false,
    ok: 200,
    hidden: 'HOLDING_NOT_FOUND',
    call: (a, f) => a.get(`/api/v1/holdings/${f.stock.id}/lots`),
  },
  {
    name: 'list transactions',
    write: false,
    ok: 200,
    hidden: 'PORTFOLIO_NOT_FOUND',
    call: (a, f) => a.get(`/api/v1/portfolios/${f.portfolio.id}/transactions`),
  },
  {
    name: 'transaction totals',
    write: false,
    ok: 200,
    hidden: 'PORTFOLIO_NOT_FOUND',
    call: (a, f) => a.get(`/api/v1/portfolios/${f.portfolio.id}/transactions/totals`),
  },
  {
    name: 'get transaction',
    write: false,
    ok: 200,
    hidden: 'TRANSACTION_NOT_FOUND',
    call: (a, f) => a.get(`/api/v1/transactions/${f.sale.id}`),
  },
  {
    name: 'preview sale',
    write: false,
    ok: 200,
    hidden: 'PORTFOLIO_NOT_FOUND',
    call: (a, f) =>
      a.post(`/api/v1/portfolios/${f.portfolio.id}/transactions/preview`, {
        ...buy(f),
        transactionType: 'sell',
      }),
  },
  {
    name: 'savings detail',
    write: false,
    ok: 200,
    hidden: 'HOLDING_NOT_FOUND',
    call: (a, f) => a.get(`/api/v1/holdings/${f.savings.id}/savings`),
  },
  {
    name: 'add holding',
    write: true,
    ok: 201,
    hidden: 'PORTFOLIO_NOT_FOUND',
    call: (a, f) =>
      a.post(`/api/v1/portfolios/${f.portfolio.id}/holdings`, {
        class: 'crypto',
        symbol: 'ETH',
        name: 'Ether',
        quantity: '1',
        purchasePrice: '2000',
        currentPrice: '2500',
        purchaseDate: '2024-01-01',
      }),
  },
  {
    name: 'add holding in the simulation',
    write: true,
    ok: 201,
    hidden: 'PORTFOLIO_NOT_FOUND',
    call: (a, f) =>
      a.post(`/api/v1/portfolios/${f.portfolio.id}/holdings?sim=${f.simulation.id}`, {
        class: 'crypto',
        symbol: 'SOL',
        name: 'Solana',
        quantity: '1',
        purchasePrice: '20',
        currentPrice: '25',
        purchaseDate: '2024-01-01',
      }),
  },
  {
    name: 'update holding',
    write: true,
    ok: 200,
    hidden: 'HOLDING_NOT_FOUND',
    call: (a, f) => a.patch(`/api/v1/holdings/${f.stock.id}`, { currentPrice: '155' }),
  },
  {
    name: 'delete holding',
    write: true,
    ok: 204,
    hidden: 'HOLDING_NOT_FOUND',
    call: (a, f) => a.delete(`/api/v1/holdings/${f.stock.id}`),
  },
  {
    name: 'record transaction',
    write: true,
    ok: 201,
    hidden: 'PORTFOLIO_NOT_FOUND',
    call: (a, f) => a.post(`/api/v1/portfolios/${f.portfolio.id}/transactions`, buy(f)),
  },
  {
    name: 'update transaction',
    write: true,
    ok: 200,
    hidden: 'TRANSACTION_NOT_FOUND',
    call: (a, f) => a.patch(`/api/v1/transactions/${f.sale.id}`, { notes: 'x' }),
  },
  {
    name: 'delete transaction',
    write: true,
    ok: 204,
    hidden: 'TRANSACTION_NOT_FOUND',
    call: (a, f) => a.delete(`/api/v1/transactions/${f.sale.id}`),
  },
  {
    name: 'change savings rate',
    write: true,
    ok: 201,
    hidden: 'HOLDING_NOT_FOUND',
    call: (a, f) =>
      a.post(`/api/v1/holdings/${f.savings.id}/savings/rate`, {
        interestRate: '2',
        startDate: '2024-05-01',
      }),
  },
  {
    name: 'savings deposit',
    write: true,
    ok: 201,
    hidden: 'HOLDING_NOT_FOUND',
    call: (a, f) =>
      a.post(`/api/v1/holdings/${f.savings.id}/savings/transactions`, {
        transactionType: 'deposit',
        amount: '50',
        transactionDate: '2024-05-01',
      }),
  },
  {
    name: 'list valuations',
    write: false,
    ok: 200,
    hidden: 'HOLDING_NOT_FOUND',
    call: (a, f) => a.get(`/api/v1/holdings/${f.estate.id}/valuations`),
  },
  {
    name: 'add valuation',
    write: true,
    ok: 201,
    hidden: 'HOLDING_NOT_FOUND',
    call: (a, f) =>
      a.post(`/api/v1/holdings/${f.estate.id}/valuations`, { date: '2024-05-01', value: '97000' }),
  },
  {
    name: 'delete valuation',
    write: true,
    ok: 204,
    hidden: 'HOLDING_NOT_FOUND',
    call: (a, f) => a.delete(`/api/v1/holdings/${f.estate.id}/valuations/${f.valuation.id}`),
  },
  {
    name: 'acknowledge alert',
    write: true,
    ok: 204,
    hidden: 'ALERT_NOT_FOUND',
    call: (a, f) => a.post(`/api/v1/savings-alerts/${f.alert.id}/acknowledge`),
  },
];

function expected(endpoint: Endpoint, who: Who): { status: number; code?: string } {
  if (who === 'anonymous') return { status: 401, code: 'UNAUTHENTICATED' };
  if (who === 'stranger') return { status: 404, code: endpoint.hidden };
  if (who === 'read' && endpoint.write) return { status: 403, code: 'FORBIDDEN' };
  return { status: endpoint.ok };
}

describe.each(ENDPOINTS)('$name', (endpoint) => {
  it.each(WHO)('answers %s as the matrix says', async (who) => {
    const f = await fixture();
    const before = await snapshot(f);
    const res = await endpoint.call(agents[who], f);
    const want = expected(endpoint, who);
    expect(res.statusCode, res.body).toBe(want.status);
    if (want.code) {
      expect(res.json().error.code).toBe(want.code);
      expect(await snapshot(f)).toEqual(before);
    }
  });
});

describe('simulations the invitee cannot see', () => {
  it('hides a simulation from a read invitee whose share names none', async () => {
    const f = await fixture();
    const res = await agents.read.get(
      `/api/v1/portfolios/${f.portfolio.id}/holdings?sim=${f.simulation.id}`,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('SIMULATION_NOT_FOUND');
  });
});
