import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, mailOutbox, portfolios, profiles, users } from '../../db/schema';
import { Agent, emailedToken, registerUser, STRONG_PASSWORD, uniqueIp } from '../../testing/agent';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The first run of a server (issue 26): the first account is made at /setup, at once, as the
 * administrator and signed in, whether or not a mail server is configured; then setup is closed
 * and everyone else signs up with an emailed link (kept for the administrator without SMTP_URL).
 */

let t: TestApp;
const apps: TestApp[] = [];
beforeEach(async () => {
  t = await createTestApp();
  apps.push(t);
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const db = () => t.database.db;
const instance = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/instance' })).json() as {
    setupRequired: boolean;
    emailDelivery: boolean;
  };
const body = { email: 'Owner@Example.com', password: STRONG_PASSWORD, fullName: 'Olive Owner' };

describe('a server without any account', () => {
  it('says it waits for its first account, and that it sends no email without SMTP_URL', async () => {
    expect(await instance()).toEqual({ setupRequired: true, emailDelivery: false });
  });

  it('makes the first account an administrator, signed in at once, with its defaults', async () => {
    const agent = new Agent(t.app, { ip: uniqueIp() });
    const res = await agent.post('/api/v1/auth/setup', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      aal: 'aal1',
      mfaRequired: false,
      user: { email: 'owner@example.com', fullName: 'Olive Owner', role: 'admin' },
    });
    expect(res.json().user.emailConfirmedAt).not.toBeNull();
    // Signed in: the session and the admin area answer; the default portfolio exists.
    const session = await agent.get('/api/v1/auth/session');
    expect(session.json()).toMatchObject({ user: { role: 'admin' } });
    expect((await agent.get('/api/v1/admin/users')).statusCode).toBe(200);
    expect(await db().select().from(portfolios)).toHaveLength(1);
    // No email was needed, and none was written; the first administrator is in the audit log.
    expect(await db().select().from(mailOutbox)).toEqual([]);
    expect(await db().select().from(adminAuditLog)).toEqual([
      expect.objectContaining({
        action: 'auth.setup',
        targetType: 'user',
        targetId: res.json().user.id,
        actorEmail: 'owner@example.com',
        after: { role: 'admin' },
        ip: expect.any(String),
      }),
    ]);
    expect(await instance()).toEqual({ setupRequired: false, emailDelivery: false });
    // The password chosen signs in later.
    const later = new Agent(t.app, { ip: uniqueIp() });
    const login = await later.post('/api/v1/auth/login', {
      email: 'owner@example.com',
      password: STRONG_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses bad input with a clear 400 and creates nothing', async () => {
    const agent = new Agent(t.app, { ip: uniqueIp() });
    for (const [payload, message] of [
      [{ ...body, email: 'not-an-email' }, 'email: Invalid email format'],
      [{ ...body, password: 'Short-1' }, 'password: Password must be at least 8 characters'],
      [{ ...body, fullName: 'A' }, 'fullName: Name must be at least 2 characters'],
      [{ email: body.email }, 'password: Password is required'],
    ] as const) {
      const res = await agent.post('/api/v1/auth/setup', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect(await db().select().from(users)).toEqual([]);
    expect(await instance()).toMatchObject({ setupRequired: true });
  });

  it('makes exactly one administrator when two set-ups race', async () => {
    const answers = await Promise.all(
      ['first@example.com', 'second@example.com'].map((email) =>
        new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/setup', { ...body, email }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await db().select().from(users)).toHaveLength(1);
    expect((await db().select().from(profiles)).map((row) => row.role)).toEqual(['admin']);
  });
});

describe('a server that has its administrator', () => {
  it('closes setup (409 SETUP_COMPLETE, nothing changed) and signs others up by email', async () => {
    const owner = new Agent(t.app, { ip: uniqueIp() });
    expect((await owner.post('/api/v1/auth/setup', body)).statusCode).toBe(201);

    const intruder = new Agent(t.app, { ip: uniqueIp() });
    const again = await intruder.post('/api/v1/auth/setup', {
      ...body,
      email: 'intruder@example.com',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'SETUP_COMPLETE',
      message: 'This server is already set up. Sign in, or create an account.',
    });
    expect(intruder.cookies.size).toBe(0);
    expect(await db().select().from(users)).toHaveLength(1);

    // The next account signs up as before, through its link, and is not an administrator.
    const { agent } = await registerUser(t.app, 'member@example.com');
    expect((await agent.get('/api/v1/auth/session')).json()).toMatchObject({
      user: { role: 'user' },
    });
  });

  it('is closed too when the first account came through an activation link', async () => {
    await registerUser(t.app, 'linked-admin@example.com');
    expect(await instance()).toMatchObject({ setupRequired: false });
    const res = await new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/setup', body);
    expect(res.statusCode).toBe(409);
  });
});

describe('with a mail server', () => {
  it('says so, and setup still makes the administrator at once', async () => {
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    apps.push(t);
    expect(await instance()).toEqual({ setupRequired: true, emailDelivery: true });
    const res = await new Agent(t.app, { ip: uniqueIp() }).post('/api/v1/auth/setup', body);
    expect(res.statusCode, res.body).toBe(201);
    // Sign-ups still go through their emailed link.
    const visitor = new Agent(t.app, { ip: uniqueIp() });
    const register = await visitor.post('/api/v1/auth/register', {
      email: 'next@example.com',
      password: STRONG_PASSWORD,
    });
    expect(register.statusCode).toBe(202);
    expect(
      await emailedToken(t.app, 'next@example.com', 'activate-account', '/auth/activate'),
    ).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
