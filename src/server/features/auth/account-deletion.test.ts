import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountDeletions,
  adminAuditLog,
  mailOutbox,
  notifications,
  privacyExports,
  profiles,
  sessions,
} from '../../db/schema';
import { DAY, FakeClock, HOUR, MINUTE } from '../../platform/clock';
import {
  Agent,
  addAuthenticator,
  registerUser,
  STRONG_PASSWORD,
  totpCode,
  uniqueIp,
} from '../../testing/agent';
import { insertPortfolio, insertShare } from '../../testing/portfolios';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { TestSocket } from '../../testing/ws-client';
import { notificationTopic } from '@/contracts/notifications';
import { purgeDueAccounts } from './account-deletion.service';

/**
 * Deleting one's account (issue 17): re-authentication (password, and a code with an
 * authenticator), the last admin refused, a 7-day grace period during which signing in shows
 * only the "keep my account" step, and the purge that leaves no row of the user behind.
 */

const clock = new FakeClock(new Date('2026-11-22T09:00:00.000Z'));
let t: TestApp;
let admin: Agent;
let alice: Agent;
let aliceId: string;
let aliceSecret: string;
let bob: Agent;
let bobId: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
  // The first account is the admin.
  ({ agent: admin } = await registerUser(t.app, 'deletion-admin@example.com'));
  ({ agent: alice, userId: aliceId } = await registerUser(t.app, 'alice@example.com', {
    fullName: 'Alice Martin',
  }));
  ({ agent: bob, userId: bobId } = await registerUser(t.app, 'bob@example.com', {
    fullName: 'Bob Durand',
  }));
  aliceSecret = (await addAuthenticator(alice, clock.now(), 'Phone')).secret;
  const shared = await insertPortfolio(db(), aliceId, { name: 'Family savings' });
  await insertPortfolio(db(), aliceId, { name: 'Private' });
  await insertShare(db(), {
    portfolioId: shared.id,
    ownerUserId: aliceId,
    email: 'bob@example.com',
    permissionLevel: 'read',
  });
});
afterAll(() => t.close());
// Each test a minute later: a new authenticator time step.
beforeEach(() => clock.advance(MINUTE));

/** The emails of a template sent to an address, oldest first. */
const mails = async (to: string, template: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to)))
    .filter((row) => row.template === template)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

const code = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string } }).error.code;
const pending = async (userId: string) =>
  db().select().from(accountDeletions).where(eq(accountDeletions.userId, userId));
const keys = async (userId: string) =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId))).map(
    (row) => row.metadata.key,
  );

/** Signs in on a new browser, with the authenticator when there is one. */
async function signIn(email: string, secret?: string) {
  const agent = new Agent(t.app, { ip: uniqueIp() });
  const login = await agent.post('/api/v1/auth/login', { email, password: STRONG_PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  if (secret) {
    const [factor] = login.json().factors as { id: string }[];
    if (!factor) throw new Error('no factor');
    const challenge = await agent.post(`/api/v1/auth/mfa/factors/${factor.id}/challenge`);
    expect(challenge.statusCode, challenge.body).toBe(201);
    const verified = await agent.post('/api/v1/auth/mfa/verify', {
      factorId: factor.id,
      challengeId: challenge.json().challengeId,
      code: totpCode(secret, clock.now()),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  }
  return agent;
}

describe('what will be removed', () => {
  it('counts the portfolios and names those shared, and with whom', async () => {
    const res = await alice.get('/api/v1/account/deletion-preview');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      // The one made at registration, and two more.
      portfolios: 3,
      holdings: 0,
      transactions: 0,
      sharedPortfolios: [{ name: 'Family savings', sharedWith: ['Bob Durand'] }],
      needsCode: true,
      lastAdmin: false,
      graceDays: 7,
    });
    expect((await admin.get('/api/v1/account/deletion-preview')).json()).toMatchObject({
      lastAdmin: true,
      needsCode: false,
      sharedPortfolios: [],
    });
  });
});

describe('asking for the deletion', () => {
  it('refuses a wrong password, and changes nothing', async () => {
    const res = await alice.delete('/api/v1/account', {
      password: 'Wrong-Horse-9',
      code: totpCode(aliceSecret, clock.now()),
    });
    expect(res.statusCode).toBe(400);
    expect(code(res)).toBe('INVALID_CREDENTIALS');
    expect(await pending(aliceId)).toHaveLength(0);
    expect((await alice.get('/api/v1/portfolios')).statusCode).toBe(200);
  });

  it('needs a right authenticator code when the account has one', async () => {
    const missing = await alice.delete('/api/v1/account', { password: STRONG_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(code(missing)).toBe('INVALID_CODE');
    const wrong = await alice.delete('/api/v1/account', {
      password: STRONG_PASSWORD,
      code: '000000' === totpCode(aliceSecret, clock.now()) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(code(wrong)).toBe('INVALID_CODE');
    expect(await pending(aliceId)).toHaveLength(0);
    expect((await alice.get('/api/v1/portfolios')).statusCode).toBe(200);
  });

  it('shares its password-check limit with the password change', async () => {
    const { agent: dave } = await registerUser(t.app, 'dave@example.com');
    for (let i = 0; i < 10; i += 1) {
      const res = await dave.delete('/api/v1/account', { password: `Wrong-Horse-${i}` });
      expect(res.statusCode).toBe(400);
    }
    const limited = await dave.delete('/api/v1/account', { password: STRONG_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(code(limited)).toBe('RATE_LIMITED');
    const change = await dave.post('/api/v1/auth/password/change', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Another-Horse-10',
    });
    expect(change.statusCode).toBe(429);
  });

  it('refuses bad input with 400', async () => {
    for (const body of [
      { password: 12 },
      { password: 'a\u0000b' },
      { password: STRONG_PASSWORD, code: '12ab56' },
      { password: STRONG_PASSWORD, code: 123456 },
      { password: STRONG_PASSWORD, extra: true },
      {},
    ]) {
      const res = await alice.delete('/api/v1/account', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(code(res)).toBe('VALIDATION_ERROR');
    }
    expect(await pending(aliceId)).toHaveLength(0);
  });

  it('refuses the last admin', async () => {
    const res = await admin.delete('/api/v1/account', { password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(code(res)).toBe('LAST_ADMIN');
    // A refused request sends nothing.
    expect(await mails('deletion-admin@example.com', 'account-deletion-scheduled')).toEqual([]);
    expect((await admin.get('/api/v1/portfolios')).statusCode).toBe(200);
  });

  it('schedules the deletion 7 days later, ends every session and tells who the portfolios are shared with', async () => {
    const otherDevice = await signIn('alice@example.com', aliceSecret);
    clock.advance(MINUTE);
    const now = clock.now();
    const res = await alice.delete('/api/v1/account', {
      password: STRONG_PASSWORD,
      code: totpCode(aliceSecret, now),
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ scheduledFor: new Date(now.getTime() + 7 * DAY).toISOString() });
    // The cookie is cleared and the session gone, on this device and the other.
    expect(alice.cookies.has('cairn_session')).toBe(false);
    expect(await db().select().from(sessions).where(eq(sessions.userId, aliceId))).toHaveLength(0);
    expect((await otherDevice.get('/api/v1/portfolios')).statusCode).toBe(401);
    expect(await pending(aliceId)).toHaveLength(1);
    const [audit] = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'account.deletion_requested'));
    expect(audit).toMatchObject({ actorId: aliceId, targetId: aliceId });
    const [told] = (
      await db().select().from(notifications).where(eq(notifications.userId, bobId))
    ).filter((row) => row.metadata.key === 'portfolioRemovalScheduled');
    expect(told?.metadata.key).toBe('portfolioRemovalScheduled');
    expect(told?.message).toContain('Alice Martin');
    expect(told?.message).toContain('Family savings');
    // The owner gets the confirmation by email: the date, how to keep the account, a sign-in link.
    const [mail, ...more] = await mails('alice@example.com', 'account-deletion-scheduled');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your Cairn account will be deleted');
    expect(mail?.text).toContain('deleted on 29 November 2026');
    expect(mail?.text).toContain('Keep my account');
    expect(mail?.actionUrl).toBe(`${TEST_ORIGIN}/login`);
  });

  it('lets the user sign in, but every other route answers 403 until the account is kept', async () => {
    alice = await signIn('alice@example.com', aliceSecret);
    const session = await alice.get('/api/v1/auth/session');
    expect(session.statusCode).toBe(200);
    const [row] = await pending(aliceId);
    expect(session.json().deletionScheduledFor).toBe(row?.scheduledFor.toISOString());
    for (const url of [
      '/api/v1/portfolios',
      '/api/v1/settings',
      '/api/v1/notifications',
      '/api/v1/account/deletion-preview',
      '/api/v1/privacy/export',
    ]) {
      const res = await alice.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(code(res)).toBe('ACCOUNT_PENDING_DELETION');
    }
    const again = await alice.delete('/api/v1/account', { password: STRONG_PASSWORD });
    expect(code(again)).toBe('ACCOUNT_PENDING_DELETION');
    // Live updates too: the user's own topics are refused while the deletion waits.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await TestSocket.open(`${address.replace('http', 'ws')}/api/v1/realtime`, {
      origin: TEST_ORIGIN,
      cookie: `cairn_session=${alice.cookies.get('cairn_session')}`,
    });
    const subscribe = async (topic: string) => {
      socket.send({ type: 'subscribe', topic });
      return socket.next((m) => 'topic' in m && m.topic === topic);
    };
    try {
      for (const topic of [`user:${aliceId}`, notificationTopic(aliceId)]) {
        expect(await subscribe(topic)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
      }
      // Someone else cannot keep it for them.
      expect((await bob.post('/api/v1/account/restore')).statusCode).toBe(404);

      const kept = await alice.post('/api/v1/account/restore');
      expect(kept.statusCode, kept.body).toBe(200);
      expect(await subscribe(notificationTopic(aliceId))).toMatchObject({ type: 'subscribed' });
    } finally {
      socket.close();
    }
    expect(await pending(aliceId)).toHaveLength(0);
    expect((await alice.get('/api/v1/portfolios')).statusCode).toBe(200);
    expect((await alice.get('/api/v1/auth/session')).json()).not.toHaveProperty(
      'deletionScheduledFor',
    );
    expect(await keys(aliceId)).toContain('accountRestored');
    const [keptMail] = await mails('alice@example.com', 'account-deletion-cancelled');
    expect(keptMail?.subject).toBe('Your Cairn account is kept');
    expect(await keys(bobId)).toContain('portfolioRemovalCancelled');
    const actions = (await db().select().from(adminAuditLog)).map((row) => row.action);
    expect(actions).toContain('account.deletion_cancelled');
  });
});

/** Rows of any table of the app's schema whose text holds the id. */
async function rowsMentioning(id: string) {
  const tables = (
    (await db().execute(
      sql`select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows.map((row) => row.table_name);
  expect(tables.length).toBeGreaterThan(30);
  const found: Record<string, number> = {};
  for (const table of tables) {
    const result = (await db().execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} as r where r::text like ${`%${id}%`}`,
    )) as unknown as { rows: { n: number }[] };
    const n = Number(result.rows[0]?.n ?? 0);
    if (n > 0) found[table] = n;
  }
  return found;
}

describe('the purge after the grace period', () => {
  it('deletes every row of the user once due, and tells who the portfolios were shared with', async () => {
    const carol = await registerUser(t.app, 'carol@example.com', { fullName: 'Carol Petit' });
    const portfolio = await insertPortfolio(db(), carol.userId, { name: 'Carol shared' });
    await insertShare(db(), {
      portfolioId: portfolio.id,
      ownerUserId: carol.userId,
      email: 'bob@example.com',
      permissionLevel: 'edit',
    });
    const holding = await carol.agent.post(`/api/v1/portfolios/${portfolio.id}/holdings`, {
      class: 'market',
      symbol: 'AI.PA',
      name: 'Air Liquide',
      quantity: '3',
      purchasePrice: '150',
      currentPrice: '160',
      purchaseDate: '2024-02-01',
    });
    expect(holding.statusCode, holding.body).toBe(201);
    // An export file of hers in storage.
    const [exportRow] = await db()
      .insert(privacyExports)
      .values({
        userId: carol.userId,
        status: 'ready',
        progress: 100,
        fileKey: 'exports/carol-test.zip',
        createdAt: clock.now(),
        expiresAt: new Date(clock.now().getTime() + DAY),
      })
      .returning();
    expect(exportRow).toBeDefined();
    await t.app.ctx.storage.put('exports/carol-test.zip', Buffer.from('zip'));
    // An admin action on her account (kept, anonymised).
    await db()
      .insert(adminAuditLog)
      .values({
        actorId: null,
        actorEmail: 'deletion-admin@example.com',
        action: 'user.role_changed',
        targetType: 'user',
        targetId: carol.userId,
        before: { email: 'carol@example.com' },
      });

    const asked = await carol.agent.delete('/api/v1/account', { password: STRONG_PASSWORD });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(Object.keys(await rowsMentioning(carol.userId)).length).toBeGreaterThan(5);

    clock.advance(6 * DAY);
    expect(await purgeDueAccounts(t.app.ctx)).toBe(0);
    expect(await pending(carol.userId)).toHaveLength(1);

    // She signs in during the grace period: that session's socket must not outlive the account.
    const again = new Agent(t.app, { ip: uniqueIp() });
    expect(
      (
        await again.post('/api/v1/auth/login', {
          email: 'carol@example.com',
          password: STRONG_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    const bound = t.app.server.address();
    const address =
      bound && typeof bound === 'object'
        ? `http://127.0.0.1:${bound.port}`
        : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await TestSocket.open(`${address.replace('http', 'ws')}/api/v1/realtime`, {
      origin: TEST_ORIGIN,
      cookie: `cairn_session=${again.cookies.get('cairn_session')}`,
    });

    clock.advance(DAY + HOUR);
    expect(await purgeDueAccounts(t.app.ctx)).toBe(1);
    expect(await rowsMentioning(carol.userId)).toEqual({});
    const stillOpen = new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000));
    expect(await Promise.race([socket.closed, stillOpen])).toMatchObject({
      code: expect.any(Number),
    });
    expect(await t.app.ctx.storage.has('exports/carol-test.zip')).toBe(false);
    const [removed] = (
      await db().select().from(notifications).where(eq(notifications.userId, bobId))
    ).filter((row) => row.metadata.key === 'portfolioRemoved');
    expect(removed?.message).toContain('Carol shared');
    // The audit entry stays, anonymised.
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'user.role_changed'));
    expect(audit).toEqual([expect.objectContaining({ targetId: null, before: null })]);
    // Nothing left to do.
    expect(await purgeDueAccounts(t.app.ctx)).toBe(0);
    // Others are untouched.
    expect(await db().select().from(profiles).where(eq(profiles.userId, aliceId))).toHaveLength(1);
  });
});
