import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeys, apiKeyUses, portfolios } from '../../db/schema';
import { runHousekeeping } from '../../housekeeping';
import { type Agent, registerUser } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: Agent;
let adminId: string;
let owner: Agent;
let ownerId: string;
let stranger: Agent;
let strangerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: admin, userId: adminId } = await registerUser(t.app, 'keys-admin@example.com'));
  ({ agent: owner, userId: ownerId } = await registerUser(t.app, 'keys-owner@example.com'));
  ({ agent: stranger, userId: strangerId } = await registerUser(t.app, 'keys-other@example.com'));
});
afterAll(() => t.close());

const setPlan = async (userId: string, tier: string, status?: string) => {
  const res = await admin.patch(`/api/v1/admin/users/${userId}/subscription`, {
    tier,
    ...(status ? { status } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
};

const createKey = (agent: Agent, body: Record<string, unknown>) =>
  agent.post('/api/v1/api-keys', body);

async function newKey(agent: Agent, scopes: string[] = ['read'], name = 'Script') {
  const res = await createKey(agent, { name, scopes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { apiKey: { id: string; prefix: string }; secret: string };
}

/** A request as curl makes it: the key, no cookie, no Origin. */
const withKey = (
  secret: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${secret}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const code = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string } }).error.code;

describe('creating keys', () => {
  it('needs a plan with API access, naming the plan that has it', async () => {
    const res = await createKey(owner, { name: 'CI', scopes: ['read'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'TIER_FEATURE',
      details: { feature: 'api_access', requiredTier: 'pro', tier: 'free' },
    });
    await setPlan(ownerId, 'classic');
    expect(code(await createKey(owner, { name: 'CI', scopes: ['read'] }))).toBe('TIER_FEATURE');
    const stored = await t.database.db.select().from(apiKeys).where(eq(apiKeys.userId, ownerId));
    expect(stored).toHaveLength(0);
  });

  it('answers the secret once and stores only its hash', async () => {
    await setPlan(ownerId, 'pro');
    const res = await createKey(owner, {
      name: '  Spreadsheet  ',
      scopes: ['read', 'write'],
      expiresAt: '2999-12-31',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { apiKey, secret } = res.json();
    expect(secret).toMatch(/^cairn_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'Spreadsheet',
      prefix: secret.slice(0, 14),
      scopes: ['read', 'write'],
      expiresAt: '2999-12-31',
      expired: false,
      lastUsedAt: null,
    });
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = (await owner.get('/api/v1/api-keys')).json().apiKeys;
    expect(listed).toContainEqual(expect.objectContaining({ id: apiKey.id }));
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('refuses bad input with a clear message and creates nothing', async () => {
    const before = (await owner.get('/api/v1/api-keys')).json().apiKeys.length;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', scopes: ['read'] }, 'Give the key a name'],
      [{ name: 'x'.repeat(101), scopes: ['read'] }, 'The name cannot exceed 100 characters'],
      [{ name: 'a\u0000b', scopes: ['read'] }, 'cannot be saved'],
      [{ name: 'k', scopes: ['write'] }, 'Choose read, or read and write'],
      [{ name: 'k', scopes: [] }, 'Choose read, or read and write'],
      [{ name: 'k', scopes: ['read', 'admin'] }, 'Choose read, or read and write'],
      [{ name: 'k', scopes: 'read' }, 'Choose read, or read and write'],
      [
        { name: 'k', scopes: ['read'], expiresAt: yesterday },
        'The expiry date must be after today',
      ],
      [{ name: 'k', scopes: ['read'], expiresAt: '3000-01-01' }, ''],
      [{ name: 'k', scopes: ['read'], admin: true }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await createKey(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).toContain(message);
    }
    expect((await owner.get('/api/v1/api-keys')).json().apiKeys).toHaveLength(before);
  });

  it('holds at most 20 working keys', async () => {
    const { agent: many, userId } = await registerUser(t.app, 'keys-many@example.com');
    await setPlan(userId, 'pro');
    const results = await Promise.all(
      Array.from({ length: 22 }, (_, n) => createKey(many, { name: `k${n}`, scopes: ['read'] })),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(20);
    const refused = results.filter((res) => res.statusCode !== 201);
    expect(refused.map((res) => [res.statusCode, code(res)])).toEqual([
      [409, 'API_KEY_LIMIT'],
      [409, 'API_KEY_LIMIT'],
    ]);
  });
});

describe('using a key', () => {
  it('reads the owner’s portfolios and nobody else’s', async () => {
    const { secret } = await newKey(owner);
    const res = await withKey(secret, 'GET', '/api/v1/portfolios');
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json().portfolios.map((p: { name: string }) => p.name);
    expect(names).toContain('My Portfolio');
    const [theirs] = await t.database.db
      .select({ id: portfolios.id })
      .from(portfolios)
      .where(eq(portfolios.userId, strangerId));
    const refused = await withKey(secret, 'GET', `/api/v1/portfolios/${theirs!.id}`);
    expect([403, 404]).toContain(refused.statusCode);
    expect(JSON.stringify(refused.json())).not.toContain(strangerId);
  });

  it('changes data only with the write scope', async () => {
    const read = await newKey(owner, ['read'], 'Read only');
    const refused = await withKey(read.secret, 'POST', '/api/v1/portfolios', { name: 'By key' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'API_KEY_SCOPE',
      details: { scope: 'write' },
    });
    const write = await newKey(owner, ['read', 'write'], 'Read write');
    const created = await withKey(write.secret, 'POST', '/api/v1/portfolios', { name: 'By key' });
    expect(created.statusCode, created.body).toBe(201);
    const mine = (await owner.get('/api/v1/portfolios')).json().portfolios;
    expect(mine.filter((p: { name: string }) => p.name === 'By key')).toHaveLength(1);
  });

  it('never reaches admin, account security, sharing, billing or key management', async () => {
    await setPlan(adminId, 'pro');
    const adminKey = await newKey(admin, ['read', 'write'], 'Admin script');
    const { secret } = await newKey(owner, ['read', 'write'], 'Everything');
    const [mine] = await t.database.db
      .select({ id: portfolios.id })
      .from(portfolios)
      .where(eq(portfolios.userId, ownerId));
    const paths: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      [adminKey.secret, 'GET', '/api/v1/admin/users'],
      [adminKey.secret, 'PATCH', `/api/v1/admin/users/${ownerId}/subscription`, { tier: 'pro' }],
      [adminKey.secret, 'POST', '/api/v1/admin/feature-flags/toggle', { key: 'x', enabled: true }],
      [secret, 'GET', '/api/v1/api-keys'],
      [secret, 'POST', '/api/v1/api-keys', { name: 'more', scopes: ['read'] }],
      [secret, 'DELETE', `/api/v1/api-keys/${adminKey.apiKey.id}`],
      [secret, 'POST', '/api/v1/auth/password/change', { currentPassword: 'x', newPassword: 'y' }],
      [secret, 'GET', '/api/v1/auth/sessions'],
      [secret, 'GET', '/api/v1/auth/mfa/factors'],
      [secret, 'PATCH', '/api/v1/profile', { fullName: 'Key' }],
      [secret, 'GET', '/api/v1/settings'],
      [secret, 'POST', `/api/v1/portfolios/${mine!.id}/shares`, { email: 'x@example.com' }],
      [secret, 'GET', '/api/v1/invitations'],
      [secret, 'POST', '/api/v1/subscription/checkout', { tier: 'classic' }],
      [secret, 'POST', '/api/v1/subscription/portal'],
    ];
    for (const [key, method, url, body] of paths) {
      const res = await withKey(key, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(code(res), `${method} ${url}`).toBe('API_KEY_NOT_ALLOWED');
    }
    // Nothing changed: the owner is still on pro only because the admin set it, and has no share.
    const shares = await owner.get(`/api/v1/portfolios/${mine!.id}/shares`);
    expect(shares.json().shares ?? []).toHaveLength(0);
  });

  it('is never mixed with a session: the cookie is not read with a key', async () => {
    const res = await owner.get('/api/v1/portfolios', {
      headers: { authorization: 'Bearer cairn_not-a-real-key' },
    });
    expect(res.statusCode).toBe(401);
    expect(code(res)).toBe('INVALID_API_KEY');
    // Another scheme (a proxy's Basic) is not ours: the session answers.
    const basic = await owner.get('/api/v1/portfolios', {
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.statusCode).toBe(200);
    for (const header of ['Bearer ', 'Bearer abc', 'Bearer cairn_x extra', 'bearer']) {
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/v1/portfolios',
        headers: { authorization: header },
      });
      expect(bad.statusCode, header).toBe(401);
      expect(code(bad), header).toBe('INVALID_API_KEY');
    }
  });

  it('stops at once when revoked, expired, or the plan no longer has API access', async () => {
    const revoked = await newKey(owner, ['read'], 'To revoke');
    expect((await withKey(revoked.secret, 'GET', '/api/v1/portfolios')).statusCode).toBe(200);
    // Another user cannot revoke it.
    const notTheirs = await stranger.delete(`/api/v1/api-keys/${revoked.apiKey.id}`);
    expect(notTheirs.statusCode).toBe(404);
    expect(code(notTheirs)).toBe('API_KEY_NOT_FOUND');
    expect((await withKey(revoked.secret, 'GET', '/api/v1/portfolios')).statusCode).toBe(200);
    expect((await owner.delete(`/api/v1/api-keys/${revoked.apiKey.id}`)).statusCode).toBe(204);
    const after = await withKey(revoked.secret, 'GET', '/api/v1/portfolios');
    expect(after.statusCode).toBe(401);
    expect(code(after)).toBe('INVALID_API_KEY');
    expect((await owner.delete(`/api/v1/api-keys/${revoked.apiKey.id}`)).statusCode).toBe(404);
    const listed = (await owner.get('/api/v1/api-keys')).json().apiKeys;
    expect(listed.map((k: { id: string }) => k.id)).not.toContain(revoked.apiKey.id);

    const expiring = await newKey(owner, ['read'], 'Expiring');
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.apiKey.id));
    expect(code(await withKey(expiring.secret, 'GET', '/api/v1/portfolios'))).toBe(
      'INVALID_API_KEY',
    );
    expect((await owner.get('/api/v1/api-keys')).json().apiKeys).toContainEqual(
      expect.objectContaining({ id: expiring.apiKey.id, expired: true }),
    );

    const downgraded = await newKey(owner, ['read'], 'Downgraded');
    await setPlan(ownerId, 'classic');
    const refused = await withKey(downgraded.secret, 'GET', '/api/v1/portfolios');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'TIER_FEATURE',
      details: { feature: 'api_access', requiredTier: 'pro', tier: 'classic' },
    });
    // A payment failure counts as free too.
    await setPlan(ownerId, 'pro', 'past_due');
    expect(code(await withKey(downgraded.secret, 'GET', '/api/v1/portfolios'))).toBe(
      'TIER_FEATURE',
    );
    // The owner still sees and revokes their keys, and paying again restores them.
    expect((await owner.get('/api/v1/api-keys')).statusCode).toBe(200);
    await setPlan(ownerId, 'pro', 'active');
    expect((await withKey(downgraded.secret, 'GET', '/api/v1/portfolios')).statusCode).toBe(200);
  });

  it('records every use, refusals included, and the last use', async () => {
    const { apiKey, secret } = await newKey(owner, ['read'], 'Audited');
    // Recorded once each answer is sent (onResponse): wait for each use before the next request,
    // so the rows' order is the requests' order.
    const usesAfter = (count: number) =>
      vi.waitFor(async () => {
        const rows = await t.database.db
          .select()
          .from(apiKeyUses)
          .where(eq(apiKeyUses.keyId, apiKey.id))
          .orderBy(apiKeyUses.id);
        expect(rows).toHaveLength(count);
        return rows;
      });
    await withKey(secret, 'GET', '/api/v1/portfolios?x=1');
    await usesAfter(1);
    await withKey(secret, 'POST', '/api/v1/portfolios', { name: 'nope' });
    await usesAfter(2);
    await withKey(secret, 'GET', '/api/v1/admin/users');
    const uses = await usesAfter(3);
    expect(uses.map((u) => [u.method, u.route, u.statusCode])).toEqual([
      ['GET', '/api/v1/portfolios', 200],
      ['POST', '/api/v1/portfolios', 403],
      ['GET', '/api/v1/admin/users', 403],
    ]);
    expect(uses.every((u) => u.ip === '127.0.0.1' && u.requestId)).toBe(true);
    await vi.waitFor(async () => {
      const listed = (await owner.get('/api/v1/api-keys')).json().apiKeys;
      expect(listed).toContainEqual(
        expect.objectContaining({
          id: apiKey.id,
          lastUsedAt: expect.any(String),
          lastUsedIp: '127.0.0.1',
        }),
      );
    });
  });
});

describe('housekeeping', () => {
  it('forgets key uses after 90 days', async () => {
    const { apiKey } = await newKey(owner, ['read'], 'Old uses');
    const day = 86_400_000;
    const at = (ageDays: number) => new Date(Date.now() - ageDays * day);
    await t.database.db.insert(apiKeyUses).values(
      [91, 89].map((age) => ({
        keyId: apiKey.id,
        method: 'GET',
        route: '/api/v1/portfolios',
        statusCode: 200,
        createdAt: at(age),
      })),
    );
    expect((await runHousekeeping(t.app.ctx)).apiKeyUses).toBe(1);
    const kept = await t.database.db
      .select({ createdAt: apiKeyUses.createdAt })
      .from(apiKeyUses)
      .where(eq(apiKeyUses.keyId, apiKey.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.createdAt.getTime()).toBeGreaterThan(at(90).getTime());
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the per-key limit, other keys unaffected', async () => {
    const limited = await createTestApp({ testDb: t.testDb, env: { API_KEY_RATE_LIMIT: '3' } });
    try {
      const first = await newKey(owner, ['read'], 'Busy');
      const second = await newKey(owner, ['read'], 'Quiet');
      const call = (secret: string) =>
        limited.app.inject({
          method: 'GET',
          url: '/api/v1/subscription',
          headers: { authorization: `Bearer ${secret}` },
        });
      for (let n = 0; n < 3; n += 1) expect((await call(first.secret)).statusCode).toBe(200);
      const refused = await call(first.secret);
      expect(refused.statusCode).toBe(429);
      expect(code(refused)).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(second.secret)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('OpenAPI', () => {
  it('describes the bearer scheme on the paths a key may call, and only there', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/portfolios'].get.security).toContainEqual({ apiKey: [] });
    expect(doc.paths['/api/v1/holdings/{id}'].patch.security).toContainEqual({ apiKey: [] });
    for (const path of ['/api/v1/admin/users', '/api/v1/api-keys', '/api/v1/settings']) {
      expect(doc.paths[path].get.security, path).toBeUndefined();
    }
  });
});
