import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsentHistoryResponse, ConsentResponse } from '@/contracts/consent';
import { userConsentHistory, userPrivacyConsents } from '../../db/schema';
import { FakeClock, MINUTE } from '../../platform/clock';
import { Agent, registerUser, uniqueIp } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Cookie consent records (spec 002): the stored choice, one history row per changed value with
 * the address and browser it came from, validation, and nobody reading or changing another's.
 */

const clock = new FakeClock(new Date('2026-11-27T09:00:00Z'));
let t: TestApp;
const db = () => t.database.db;

const ALICE_UA = 'Mozilla/5.0 (Consent test; Alice) Firefox/150.0';
let alice: { agent: Agent; userId: string; ip: string };
let bob: { agent: Agent; userId: string; ip: string };

async function user(name: string, userAgent: string) {
  const ip = uniqueIp();
  const agent = new Agent(t.app, { ip, userAgent });
  const registered = await registerUser(t.app, `${name}-consent@example.com`, { agent });
  return { agent: registered.agent, userId: registered.userId, ip };
}

const put = (agent: Agent, body: unknown) => agent.request('PUT', '/api/v1/privacy/consent', body);
const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;

async function history(agent: Agent) {
  const res = await agent.get('/api/v1/privacy/consent/history');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ConsentHistoryResponse;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  alice = await user('alice', ALICE_UA);
  bob = await user('bob', 'Mozilla/5.0 (Consent test; Bob) Chrome/156.0');
});
afterAll(() => t.close());

describe('signed out', () => {
  it.each([
    ['GET', '/api/v1/privacy/consent'],
    ['PUT', '/api/v1/privacy/consent'],
    ['GET', '/api/v1/privacy/consent/history'],
  ] as const)('%s %s answers 401 No authenticated user', async (method, url) => {
    const anonymous = new Agent(t.app, { ip: uniqueIp() });
    const res = await anonymous.request(
      method,
      url,
      method === 'PUT' ? { analytics: true, errorMonitoring: true } : undefined,
    );
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'No authenticated user',
    });
  });
});

describe('recording a choice', () => {
  it('answers none yet before any choice', async () => {
    const res = await alice.agent.get('/api/v1/privacy/consent');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ consent: null, termsVersion: '1.0.0', privacyVersion: '1.0.0' });
    expect(await history(alice.agent)).toEqual({ entries: [], total: 0 });
  });

  it('records the first choice with a history row per value, the address and the browser', async () => {
    clock.advance(MINUTE);
    const res = await put(alice.agent, { analytics: true, errorMonitoring: false });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as ConsentResponse;
    expect(saved).toEqual({
      consent: {
        analytics: true,
        errorMonitoring: false,
        termsVersion: '1.0.0',
        privacyVersion: '1.0.0',
        consentDate: clock.now().toISOString(),
        current: true,
      },
      termsVersion: '1.0.0',
      privacyVersion: '1.0.0',
    });
    expect((await alice.agent.get('/api/v1/privacy/consent')).json()).toEqual(saved);

    const [row] = await db()
      .select()
      .from(userPrivacyConsents)
      .where(eq(userPrivacyConsents.userId, alice.userId));
    expect(row).toMatchObject({ ipAddress: alice.ip, userAgent: ALICE_UA });

    const list = await history(alice.agent);
    expect(list.total).toBe(2);
    expect(list.entries.map((e) => [e.consentType, e.previousValue, e.newValue])).toEqual([
      ['error_monitoring', null, false],
      ['analytics', null, true],
    ]);
    for (const entry of list.entries) {
      expect(entry).toMatchObject({
        documentVersion: '1.0.0',
        changedAt: clock.now().toISOString(),
        ipAddress: alice.ip,
        userAgent: ALICE_UA,
      });
    }
  });

  it('adds no history row when nothing changed, and one per changed value otherwise', async () => {
    clock.advance(MINUTE);
    expect((await put(alice.agent, { analytics: true, errorMonitoring: false })).statusCode).toBe(
      200,
    );
    expect((await history(alice.agent)).total).toBe(2);

    clock.advance(MINUTE);
    const changedAt = clock.now().toISOString();
    expect((await put(alice.agent, { analytics: false, errorMonitoring: false })).statusCode).toBe(
      200,
    );
    const list = await history(alice.agent);
    expect(list.total).toBe(3);
    expect(list.entries[0]).toMatchObject({
      consentType: 'analytics',
      previousValue: true,
      newValue: false,
      changedAt,
    });

    clock.advance(MINUTE);
    await put(alice.agent, { analytics: true, errorMonitoring: true });
    const after = await history(alice.agent);
    expect(after.total).toBe(5);
    // Newest first.
    const times = after.entries.map((e) => e.changedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const consent = (await alice.agent.get('/api/v1/privacy/consent')).json() as ConsentResponse;
    expect(consent.consent).toMatchObject({ analytics: true, errorMonitoring: true });
  });

  it('marks a choice made under an older policy version as not current, and records its renewal', async () => {
    await db()
      .update(userPrivacyConsents)
      .set({ privacyVersion: '0.9.0', termsVersion: '0.9.0' })
      .where(eq(userPrivacyConsents.userId, alice.userId));
    const old = (await alice.agent.get('/api/v1/privacy/consent')).json() as ConsentResponse;
    expect(old.consent).toMatchObject({ privacyVersion: '0.9.0', current: false });

    clock.advance(MINUTE);
    const before = (await history(alice.agent)).total;
    const renewed = (
      await put(alice.agent, { analytics: true, errorMonitoring: true })
    ).json() as ConsentResponse;
    expect(renewed.consent).toMatchObject({ privacyVersion: '1.0.0', current: true });
    const list = await history(alice.agent);
    // The same values confirmed under the new version: both recorded.
    expect(list.total).toBe(before + 2);
    expect(list.entries.slice(0, 2).map((e) => [e.previousValue, e.newValue])).toEqual([
      [true, true],
      [true, true],
    ]);
  });
});

describe('validation', () => {
  it.each([
    ['wrong types', { analytics: 'yes', errorMonitoring: 1 }],
    ['a missing value', { analytics: true }],
    ['an extra key', { analytics: true, errorMonitoring: true, necessary: false }],
    ['not an object', [true, true]],
    ['null', null],
  ])('refuses %s with 400 and changes nothing', async (_name, body) => {
    const before = await history(bob.agent);
    const beforeConsent = (await bob.agent.get('/api/v1/privacy/consent')).json();
    const res = await put(bob.agent, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    expect(await history(bob.agent)).toEqual(before);
    expect((await bob.agent.get('/api/v1/privacy/consent')).json()).toEqual(beforeConsent);
  });

  it('refuses a cross-site save', async () => {
    const res = await bob.agent.request(
      'PUT',
      '/api/v1/privacy/consent',
      { analytics: true, errorMonitoring: true },
      { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } },
    );
    expect(res.statusCode).toBe(403);
    expect((await bob.agent.get('/api/v1/privacy/consent')).json()).toMatchObject({
      consent: null,
    });
  });
});

describe('isolation', () => {
  it("never shows or changes another user's record", async () => {
    const aliceBefore = (await alice.agent.get('/api/v1/privacy/consent')).json();
    const aliceHistory = await history(alice.agent);
    expect(aliceHistory.total).toBeGreaterThan(0);

    // Bob has made no choice: he sees none, and none of Alice's history.
    expect((await bob.agent.get('/api/v1/privacy/consent')).json()).toMatchObject({
      consent: null,
    });
    expect(await history(bob.agent)).toEqual({ entries: [], total: 0 });

    // Bob's choice is his alone; a user id in the body is refused, not followed.
    clock.advance(MINUTE);
    expect(
      (await put(bob.agent, { analytics: false, errorMonitoring: false, userId: alice.userId }))
        .statusCode,
    ).toBe(400);
    expect((await put(bob.agent, { analytics: false, errorMonitoring: false })).statusCode).toBe(
      200,
    );
    const bobHistory = await history(bob.agent);
    expect(bobHistory.total).toBe(2);
    expect(bobHistory.entries.every((e) => e.ipAddress === bob.ip)).toBe(true);

    expect((await alice.agent.get('/api/v1/privacy/consent')).json()).toEqual(aliceBefore);
    expect(await history(alice.agent)).toEqual(aliceHistory);
    const rows = await db()
      .select()
      .from(userConsentHistory)
      .where(eq(userConsentHistory.userId, bob.userId));
    expect(rows).toHaveLength(2);
  });
});
