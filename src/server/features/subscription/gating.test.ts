import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIERS, type Tier } from '@/domain/plans/plans';
import { type Agent, registerUser } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Every limited action on every plan (spec 002, "Tier gating" and "Tiers and limits"): what the
 * plan allows answers as usual, anything else 403 with a stable code naming the feature or limit
 * and the least plan that has it.
 */

let t: TestApp;
let admin: Agent;
const users = {} as Record<Tier, { agent: Agent; id: string; portfolioId: string }>;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: admin } = await registerUser(t.app, 'gate-admin@example.com'));
  for (const tier of TIERS) {
    const { agent, userId } = await registerUser(t.app, `gate-${tier}@example.com`);
    const res = await admin.patch(`/api/v1/admin/users/${userId}/subscription`, { tier });
    expect(res.statusCode, res.body).toBe(200);
    const portfolioId = (await agent.get('/api/v1/portfolios')).json().portfolios[0].id as string;
    users[tier] = { agent, id: userId, portfolioId };
  }
});
afterAll(() => t.close());

const refusal = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(403);
  return (res.json() as { error: { code: string; details: Record<string, unknown> } }).error;
};

const stock = (n: number) => ({
  class: 'market',
  symbol: `G${n}`,
  name: `Gated ${n}`,
  quantity: '1',
  purchasePrice: '10',
  currentPrice: '10',
  purchaseDate: '2024-01-10',
});

/** Holdings G<from>..G<to-1> in one import (all or nothing), as a user fills a portfolio. */
async function fill(agent: Agent, portfolioId: string, from: number, to: number) {
  const header = 'class,name,symbol,quantity,purchasePrice,currentPrice,purchaseDate';
  const rows = Array.from({ length: to - from }, (_, i) => {
    const n = from + i;
    return `market,Gated ${n},G${n},1,10,10,2024-01-10`;
  });
  return agent.post(`/api/v1/portfolios/${portfolioId}/import`, {
    kind: 'holdings',
    csv: [header, ...rows].join('\n'),
    commit: true,
  });
}

describe('assets per portfolio: free 10, Premium 50, Enterprise unlimited', () => {
  it.each([
    ['free', 10, 'classic'],
    ['classic', 50, 'pro'],
  ] as const)('%s: the asset after %i is refused, naming %s', async (tier, limit, next) => {
    const { agent, portfolioId } = users[tier];
    const filled = await fill(agent, portfolioId, 0, limit);
    expect(filled.statusCode, filled.body).toBe(201);
    const error = refusal(
      await agent.post(`/api/v1/portfolios/${portfolioId}/holdings`, stock(limit)),
    );
    expect(error).toMatchObject({
      code: 'TIER_ASSET_LIMIT',
      details: { tier, limit, requiredTier: next },
    });
    // The import is held to the same limit, and adds nothing.
    expect(refusal(await fill(agent, portfolioId, limit, limit + 1)).code).toBe('TIER_ASSET_LIMIT');
    const count = (await agent.get(`/api/v1/portfolios/${portfolioId}/holdings`)).json().holdings;
    expect(count).toHaveLength(limit);
  });

  it('Enterprise: no limit', async () => {
    const { agent, portfolioId } = users.pro;
    expect((await fill(agent, portfolioId, 0, 60)).statusCode).toBe(201);
    const res = await agent.post(`/api/v1/portfolios/${portfolioId}/holdings`, stock(60));
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('features', () => {
  const longRanges = ['3Y', '5Y', 'MAX'];

  it('history beyond a year (advanced analytics) needs Premium', async () => {
    for (const tier of TIERS) {
      const { agent, portfolioId } = users[tier];
      for (const range of ['1W', '1M', '3M', 'YTD', '1Y']) {
        const res = await agent.get(`/api/v1/portfolios/${portfolioId}/performance?range=${range}`);
        expect(res.statusCode, `${tier} ${range}`).toBe(200);
      }
      for (const range of longRanges) {
        const performance = await agent.get(
          `/api/v1/portfolios/${portfolioId}/performance?range=${range}`,
        );
        const dashboard = await agent.get(`/api/v1/dashboard?range=${range}`);
        if (tier === 'free') {
          for (const res of [performance, dashboard]) {
            expect(refusal(res)).toMatchObject({
              code: 'TIER_FEATURE',
              details: { feature: 'advanced_analytics', requiredTier: 'classic', tier: 'free' },
            });
          }
        } else {
          expect(performance.statusCode, `${tier} ${range}`).toBe(200);
          expect(dashboard.statusCode, `${tier} ${range}`).toBe(200);
        }
      }
    }
  });

  it('the performance report (advanced export) needs Premium; plain exports stay free', async () => {
    for (const tier of TIERS) {
      const { agent, portfolioId } = users[tier];
      const report = await agent.get(
        `/api/v1/portfolios/${portfolioId}/performance/report.csv?range=1Y`,
      );
      const plain = await agent.get(`/api/v1/portfolios/${portfolioId}/export/assets.csv`);
      expect(plain.statusCode, `${tier} plain export`).toBe(200);
      if (tier === 'free') {
        expect(refusal(report)).toMatchObject({
          code: 'TIER_FEATURE',
          details: { feature: 'data_export', requiredTier: 'classic', tier: 'free' },
        });
      } else {
        expect(report.statusCode, report.body).toBe(200);
        expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(report.headers['content-disposition']).toMatch(
          /^attachment; filename="cairn-performance-1Y-\d{4}-\d{2}-\d{2}\.csv"$/,
        );
        const lines = report.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n');
        expect(lines[0]).toMatch(/^name,symbol,class,holding_currency,quantity,/);
        // A line per holding, then the total.
        expect(lines.at(-1)).toMatch(/^Total,/);
        expect(lines.length).toBeGreaterThan(2);
      }
    }
  });

  it('API keys (api access) need Enterprise', async () => {
    for (const tier of TIERS) {
      const res = await users[tier].agent.post('/api/v1/api-keys', {
        name: 'Matrix',
        scopes: ['read'],
      });
      if (tier === 'pro') expect(res.statusCode, res.body).toBe(201);
      else {
        expect(refusal(res)).toMatchObject({
          code: 'TIER_FEATURE',
          details: { feature: 'api_access', requiredTier: 'pro', tier },
        });
      }
    }
  });

  it('a plan whose payment failed or that ended allows what Free allows', async () => {
    const { agent, id, portfolioId } = users.classic;
    await admin.patch(`/api/v1/admin/users/${id}/subscription`, {
      tier: 'classic',
      status: 'past_due',
    });
    try {
      const res = await agent.get(`/api/v1/portfolios/${portfolioId}/performance?range=MAX`);
      expect(refusal(res)).toMatchObject({
        code: 'TIER_FEATURE',
        details: { feature: 'advanced_analytics', tier: 'free' },
      });
    } finally {
      await admin.patch(`/api/v1/admin/users/${id}/subscription`, {
        tier: 'classic',
        status: 'active',
      });
    }
  });
});
